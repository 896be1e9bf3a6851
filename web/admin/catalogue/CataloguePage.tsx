/** The catalogue's upkeep: find a product to edit, categories, CSV, archived products. */
import { ArchivedPanel } from "./ArchivedPanel.tsx";
import { CategoriesPanel } from "./CategoriesPanel.tsx";
import { CsvPanel } from "./CsvPanel.tsx";
import { ProductFinder } from "./ProductFinder.tsx";
import { useAdmin } from "../context.ts";

export function CataloguePage() {
  // Categories, the CSV import and restoring are the owner's; staff find and read products
  // and export the catalogue's CSV.
  const owner = useAdmin().may("catalogue_edit");
  return (
    <div className="catalogue-page">
      <h2 className="page-title">Catalogue</h2>
      <ProductFinder kind="books" />
      <ProductFinder kind="stationery" />
      {owner && <CategoriesPanel kind="books" />}
      {owner && <CategoriesPanel kind="stationery" />}
      <CsvPanel />
      <ArchivedPanel kind="books" />
      <ArchivedPanel kind="stationery" />
    </div>
  );
}
