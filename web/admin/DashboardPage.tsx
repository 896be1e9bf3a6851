/**
 * The admin's home: what needs doing today (HomePanel: the owner's figures, or staff's
 * orders to pack and send), then the catalogue's four forms and the Books and Stationery
 * tables.
 */
import { useCallback, useState } from "react";
import { BookForm } from "./catalogue/BookForm.tsx";
import { CategoryForm } from "./catalogue/CategoryForm.tsx";
import { useAdmin } from "./context.ts";
import { listCategories } from "./endpoints.ts";
import { Loading } from "./Feedback.tsx";
import { useLoad } from "./hooks.ts";
import { ProductSection } from "./catalogue/ProductSection.tsx";
import { StationeryForm } from "./catalogue/StationeryForm.tsx";
import { HomePanel } from "./home/HomePanel.tsx";
import { PagesPanel } from "./home/PagesPanel.tsx";

export function DashboardPage() {
  const { api, may } = useAdmin();
  // Adding products and categories is the owner's; staff see the tables.
  const editing = may("catalogue_edit");
  const [bookCategories, reloadBookCategories] = useLoad(
    () => listCategories(api, "books"),
    [api],
  );
  const [stationeryCategories, reloadStationeryCategories] = useLoad(
    () => listCategories(api, "stationery"),
    [api],
  );
  const [booksVersion, setBooksVersion] = useState(0);
  const [stationeryVersion, setStationeryVersion] = useState(0);
  const bookAdded = useCallback(() => setBooksVersion((n) => n + 1), []);
  const stationeryAdded = useCallback(() => setStationeryVersion((n) => n + 1), []);

  return (
    <div className="dashboard">
      {/* What needs doing today comes first; the catalogue's forms and tables follow. */}
      {may("orders") && <HomePanel />}
      {editing && (
        <div className="form-pair">
          <CategoryForm kind="books" onAdded={reloadBookCategories} />
          <CategoryForm kind="stationery" onAdded={reloadStationeryCategories} />
        </div>
      )}
      {bookCategories.state === "error" && (
        <p role="alert" className="notice notice-failure">
          Error fetching data: {bookCategories.message}
        </p>
      )}
      {!editing
        ? null
        : bookCategories.data
        ? <BookForm categories={bookCategories.data} onAdded={bookAdded} />
        : bookCategories.state === "loading" && <Loading label="Loading categories" />}
      {stationeryCategories.state === "error" && (
        <p role="alert" className="notice notice-failure">
          Error fetching data: {stationeryCategories.message}
        </p>
      )}
      {!editing
        ? null
        : stationeryCategories.data
        ? <StationeryForm categories={stationeryCategories.data} onAdded={stationeryAdded} />
        : stationeryCategories.state === "loading" && <Loading label="Loading categories" />}
      <ProductSection kind="books" version={booksVersion} />
      <ProductSection kind="stationery" version={stationeryVersion} />
      {may("settings") && <PagesPanel />}
    </div>
  );
}
