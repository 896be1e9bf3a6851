/**
 * A book's Add to Cart (with the quantity popup) and, for pre-orders, the methods that pay
 * for one (from the payment policy table) and the bank details when one of them is a deposit.
 */
import { useState } from "react";
import type { Book } from "../../domain/catalogue/model.ts";
import { bookCartItem } from "../../domain/cart/cart.ts";
import type { BankDetails } from "../../domain/shop.ts";
import type { ShelfPrice } from "../../domain/promotions/shelf_price.ts";
import { BankDetailsList } from "../components/BankDetailsList.tsx";
import { QuantityDialog } from "../components/QuantityDialog.tsx";
import { addItemToCart, quantityInCart } from "../lib/add_item.ts";
import { useI18n } from "../i18n/mod.ts";
import type { PaymentMethod } from "../../domain/orders/model.ts";
import { offeredMethods, PAYMENT_POLICIES } from "../../domain/orders/payment_policy.ts";
import { preorderMethods } from "../../domain/orders/preorder_policy.ts";
import { methodNames } from "../lib/policy_words.ts";

export interface BookPurchaseProps {
  book: Book;
  /** What one copy costs now (the shelf price); null: its usual price. */
  shelf?: ShelfPrice | null;
  bank: BankDetails;
  /** The copies of one item an order may hold (`MAX_LINE_QUANTITY`, from the server). */
  maxPerLine: number;
  /** The offered methods that pay for a pre-order; those not paid online when absent. */
  preorderMethods?: PaymentMethod[];
}

export function BookPurchase(
  {
    book,
    shelf = null,
    bank,
    maxPerLine,
    preorderMethods: paidBy = preorderMethods(offeredMethods([])),
  }: BookPurchaseProps,
) {
  const i18n = useI18n();
  const { t } = i18n;
  const [open, setOpen] = useState<"quantity" | null>(null);
  return (
    <div className="purchase">
      {book.preorder
        ? (
          // A plain <details>: the bank details open without scripts too.
          <div className="preorder-note">
            <p>{t("cart.preorderMethods", { methods: methodNames(i18n, paidBy) })}</p>
            {paidBy.some((method) => PAYMENT_POLICIES[method].showsBankDetails)
              ? (
                <details className="bank-reveal">
                  {/* The summary says what a press does: Show while closed, Hide while open. */}
                  <summary className="button button-ghost">
                    <span className="when-closed">{t("bank.show")}</span>
                    <span className="when-open">{t("bank.hide")}</span>
                  </summary>
                  <BankDetailsList bank={bank} />
                </details>
              )
              : null}
          </div>
        )
        : null}
      <button
        type="button"
        className="button button-large"
        disabled={book.stock <= 0}
        onClick={() => setOpen("quantity")}
      >
        {t("cart.add")}
      </button>
      {book.stock <= 0 && book.preorder
        ? <p className="stock out">{t("cart.unavailable")}</p>
        : null}
      {open === "quantity"
        ? (
          <QuantityDialog
            title={book.title}
            priceCents={book.priceCents}
            shelf={shelf}
            stock={book.stock}
            preorder={book.preorder}
            preorderDate={book.preorderDate}
            inCart={quantityInCart({ type: "book", id: book.id })}
            maxPerLine={maxPerLine}
            onAdd={(n) => addItemToCart(i18n, bookCartItem(book), n, maxPerLine)}
            onClose={() => setOpen(null)}
          />
        )
        : null}
    </div>
  );
}
