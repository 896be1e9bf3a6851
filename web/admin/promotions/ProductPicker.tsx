/** Finds books (title, author, ISBN-13) or stationery (title) on the server and picks one. */
import { useEffect, useState } from "react";
import { useAdmin } from "../context.ts";
import { listBooks, listStationery } from "../endpoints.ts";
import { Spinner } from "../Feedback.tsx";
import { useLoad } from "../hooks.ts";
import { formatRupees } from "../format.ts";
import type { ChosenProduct } from "./promotion_forms.ts";

export function ProductPicker(
  { id, label, onPick, chosen }: {
    id: string;
    label: string;
    onPick: (product: ChosenProduct & { price: number }) => void;
    /** Products already picked, shown as such. */
    chosen: readonly { type: string; id: number }[];
  },
) {
  const { api } = useAdmin();
  const [store, setStore] = useState<"book" | "stationery">("book");
  const [typed, setTyped] = useState("");
  const [q, setQ] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const [found] = useLoad(
    () =>
      q === ""
        ? Promise.resolve([])
        : (store === "book" ? listBooks(api, { page: 1, q }) : listStationery(api, { page: 1, q }))
          .then((page) => page.data.slice(0, 8)),
    [api, store, q],
  );
  const picked = (productId: number) => chosen.some((c) => c.type === store && c.id === productId);
  return (
    <div className="product-picker">
      <div className="product-picker-search">
        <label htmlFor={`${id}-store`} className="visually-hidden">Store to search</label>
        <select
          id={`${id}-store`}
          value={store}
          onChange={(e) => setStore(e.target.value as "book" | "stationery")}
        >
          <option value="book">Books</option>
          <option value="stationery">Stationery</option>
        </select>
        <label htmlFor={id} className="visually-hidden">{label}</label>
        <input
          id={id}
          type="search"
          value={typed}
          placeholder={store === "book" ? "Title, author or ISBN" : "Title"}
          onChange={(e) => setTyped(e.target.value)}
        />
        {found.state === "loading" && q !== "" && <Spinner label="Searching" />}
      </div>
      {found.state === "error" && <p role="alert" className="field-error">{found.message}</p>}
      {found.data && found.data.length > 0 && (
        <ul className="product-results" aria-label={`${label}: results`}>
          {found.data.map((product) => (
            <li key={product.id}>
              <span>
                {product.title} <span className="field-hint">{formatRupees(product.price)}</span>
              </span>
              <button
                type="button"
                className="button-secondary"
                disabled={picked(product.id)}
                onClick={() =>
                  onPick({
                    type: store,
                    id: product.id,
                    title: product.title,
                    price: product.price,
                  })}
              >
                {picked(product.id) ? "Added" : "Add"}
                <span className="visually-hidden">{product.title}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {found.data && found.data.length === 0 && q !== "" && found.state === "ready" && (
        <p className="empty">Nothing matches "{q}"</p>
      )}
    </div>
  );
}
