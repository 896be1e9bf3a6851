/**
 * What a campaign or a code covers: the whole shop, a store, categories of a store, chosen
 * products (found by search), or books in a language.
 */
import { useAdmin } from "../context.ts";
import { listCategories } from "../endpoints.ts";
import { useLoad } from "../hooks.ts";
import { BOOK_LANGUAGES } from "../../../domain/catalogue/book_record.ts";
import type { ScopeForm } from "./promotion_forms.ts";
import { ProductPicker } from "./ProductPicker.tsx";

const KINDS: { value: ScopeForm["kind"]; label: string }[] = [
  { value: "shop", label: "Whole shop" },
  { value: "store", label: "A store" },
  { value: "categories", label: "Categories of a store" },
  { value: "products", label: "Chosen products" },
  { value: "language", label: "Books in a language" },
];

export function ScopePicker(
  { id, scope, onChange, errors }: {
    id: string;
    scope: ScopeForm;
    onChange: (scope: ScopeForm) => void;
    errors: Record<string, string>;
  },
) {
  const { api } = useAdmin();
  const [categories] = useLoad(
    () =>
      scope.kind === "categories"
        ? listCategories(api, scope.store === "book" ? "books" : "stationery")
        : Promise.resolve([]),
    [api, scope.kind, scope.store],
  );
  const error = errors["scope.ids"] ?? errors["scope.items"] ?? errors["scope.language"] ??
    errors["scope.store"] ?? errors.scope;
  return (
    <fieldset
      className="scope-picker field-wide"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>Applies to</legend>
      <div className="scope-row">
        <div className="field">
          <label htmlFor={`${id}-kind`}>Scope</label>
          <select
            id={`${id}-kind`}
            value={scope.kind}
            onChange={(e) => onChange({ ...scope, kind: e.target.value as ScopeForm["kind"] })}
          >
            {KINDS.map((k) => <option key={k.value} value={k.value}>{k.label}</option>)}
          </select>
        </div>
        {(scope.kind === "store" || scope.kind === "categories") && (
          <div className="field">
            <label htmlFor={`${id}-store`}>Store</label>
            <select
              id={`${id}-store`}
              value={scope.store}
              onChange={(e) =>
                onChange({
                  ...scope,
                  store: e.target.value as ScopeForm["store"],
                  categoryIds: [],
                })}
            >
              <option value="book">Books</option>
              <option value="stationery">Stationery</option>
            </select>
          </div>
        )}
        {scope.kind === "language" && (
          <div className="field">
            <label htmlFor={`${id}-language`}>Language</label>
            <select
              id={`${id}-language`}
              value={scope.language}
              onChange={(e) => onChange({ ...scope, language: e.target.value })}
            >
              {BOOK_LANGUAGES.map((l) => <option key={l} value={l}>{l}</option>)}
            </select>
          </div>
        )}
      </div>
      {scope.kind === "categories" && (
        <div className="scope-categories" role="group" aria-label="Categories">
          {categories.data?.length === 0 && categories.state === "ready" && (
            <p className="empty">This store has no categories yet</p>
          )}
          {categories.data?.map((category) => (
            <label key={category.id} className="checkbox">
              <input
                type="checkbox"
                checked={scope.categoryIds.includes(category.id)}
                onChange={(e) =>
                  onChange({
                    ...scope,
                    categoryIds: e.target.checked
                      ? [...scope.categoryIds, category.id]
                      : scope.categoryIds.filter((c) => c !== category.id),
                  })}
              />
              {category.name}
            </label>
          ))}
        </div>
      )}
      {scope.kind === "products" && (
        <div className="scope-products">
          {scope.products.length > 0 && (
            <ul className="chosen-products" aria-label="Chosen products">
              {scope.products.map((product) => (
                <li key={`${product.type}:${product.id}`}>
                  <span>{product.title}</span>
                  <button
                    type="button"
                    className="button-secondary"
                    onClick={() =>
                      onChange({
                        ...scope,
                        products: scope.products.filter((p) =>
                          p.type !== product.type || p.id !== product.id
                        ),
                      })}
                  >
                    Remove<span className="visually-hidden">{product.title}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <ProductPicker
            id={`${id}-search`}
            label="Find products"
            chosen={scope.products}
            onPick={({ type, id: productId, title }) =>
              onChange({ ...scope, products: [...scope.products, { type, id: productId, title }] })}
          />
        </div>
      )}
      {error && <p id={`${id}-error`} className="field-error">{error}</p>}
    </fieldset>
  );
}
