/**
 * A product as staff see it on its page: what it is, its price and its stock, without the
 * owner's edit form (prices, products and images are the owner's to change; the shop
 * refuses staff's changes, this only spares them the form).
 */
import { formatRupees } from "../format.ts";

export function ProductSummary(
  { product }: { product: { title: string; price: number; stock: number; category_name: string } },
) {
  return (
    <section className="panel" aria-labelledby="product-summary-heading">
      <h2 id="product-summary-heading">{product.title}</h2>
      <dl className="product-summary">
        <dt>Category</dt>
        <dd>{product.category_name}</dd>
        <dt>Price</dt>
        <dd>{formatRupees(product.price)}</dd>
        <dt>In stock</dt>
        <dd>{product.stock}</dd>
      </dl>
      <p className="panel-hint">
        Only the shop's owner edits a product and its price. Copies damaged, lost or found are
        recorded under Adjust stock below.
      </p>
    </section>
  );
}
