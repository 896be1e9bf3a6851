/** The catalogue's upkeep: find a product to edit, categories, CSV, archived products. */
import { ArchivedPanel } from "./ArchivedPanel.tsx";
import { CategoriesPanel } from "./CategoriesPanel.tsx";
import { CsvPanel } from "./CsvPanel.tsx";
import { ProductFinder } from "./ProductFinder.tsx";

export function CataloguePage() {
  return (
    <div className="catalogue-page">
      <h2 className="page-title">Catalogue</h2>
      <ProductFinder kind="books" />
      <ProductFinder kind="stationery" />
      <CategoriesPanel kind="books" />
      <CategoriesPanel kind="stationery" />
      <CsvPanel />
      <ArchivedPanel kind="books" />
      <ArchivedPanel kind="stationery" />
    </div>
  );
}
