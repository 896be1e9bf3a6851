/**
 * The list filters. A plain GET form, so it works before (or without) scripts; in an
 * island every change is handed to `onChange` at once (the price after a short pause).
 * On small screens it folds behind a "Filters" button (a <details>, no script needed).
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import type { Category } from "../../domain/catalogue/model.ts";
import { categoryName } from "../../domain/catalogue/category_names.ts";
import { formatAmount } from "../../domain/money.ts";
import { type ListQuery, PRICE_MAX, PRICE_MIN } from "../lib/list_query.ts";
import { FilterIcon } from "./Icons.tsx";
import { AuthorField } from "./AuthorField.tsx";
import { useI18n } from "../i18n/mod.ts";
import { ScriptlessSubmit } from "./ScriptlessSubmit.tsx";

export interface FilterPanelProps {
  /** The list's page: "/" or "/stationery". */
  action: string;
  query: ListQuery;
  categories: Category[];
  /** Books only: the author filter (its names load in the browser, see AuthorField). */
  withAuthor?: boolean;
  onChange?: (next: ListQuery) => void;
}

const PRICE_STEP = 50;
const PRICE_PAUSE_MS = 450;

export function priceLabel(rupees: number, isMax: boolean): string {
  const text = `LKR ${formatAmount(rupees * 100).replace(/\.00$/, "")}`;
  return isMax && rupees >= PRICE_MAX ? `${text}+` : text;
}

function clamp(value: number): number {
  if (!Number.isFinite(value)) return PRICE_MIN;
  return Math.min(PRICE_MAX, Math.max(PRICE_MIN, Math.round(value)));
}

function usePriceDraft(query: ListQuery, commit: (min: number, max: number) => void) {
  const [draft, setDraft] = useState({ min: query.minPrice, max: query.maxPrice });
  useEffect(() => setDraft({ min: query.minPrice, max: query.maxPrice }), [
    query.minPrice,
    query.maxPrice,
  ]);
  useEffect(() => {
    if (draft.min === query.minPrice && draft.max === query.maxPrice) return;
    const timer = setTimeout(() => commit(draft.min, draft.max), PRICE_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [draft.min, draft.max]);
  return [draft, setDraft] as const;
}

export function FilterPanel(
  { action, query, categories, withAuthor, onChange }: FilterPanelProps,
) {
  const { t, language } = useI18n();
  const update = (changes: Partial<ListQuery>) => onChange?.({ ...query, ...changes, page: 1 });
  const [draft, setDraft] = usePriceDraft(
    query,
    (min, max) => update({ minPrice: Math.min(min, max), maxPrice: Math.max(min, max) }),
  );
  const rangeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The filled part of the track, set through the CSSOM (no inline style in the markup).
    rangeRef.current?.style.setProperty("--from", `${(draft.min / PRICE_MAX) * 100}%`);
    rangeRef.current?.style.setProperty("--to", `${(draft.max / PRICE_MAX) * 100}%`);
  }, [draft.min, draft.max]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!onChange) return;
    event.preventDefault();
    update({ minPrice: Math.min(draft.min, draft.max), maxPrice: Math.max(draft.min, draft.max) });
  };

  return (
    <details className="filters">
      <summary className="filters-toggle">
        <FilterIcon /> {t("filters.toggle")}
      </summary>
      <form className="filters-form" method="get" action={action} onSubmit={submit}>
        {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
        {query.sort ? <input type="hidden" name="sort" value={query.sort} /> : null}
        <div className="field">
          <label htmlFor="filter-category">{t("filters.category")}</label>
          <select
            id="filter-category"
            name="categoryId"
            value={query.categoryId ?? ""}
            onChange={(e) =>
              update({
                categoryId: e.currentTarget.value ? Number(e.currentTarget.value) : undefined,
              })}
          >
            <option value="">{t("filters.all")}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>{categoryName(c, language)}</option>
            ))}
          </select>
        </div>
        <fieldset className="field stock-boxes">
          <legend>{t("filters.availability")}</legend>
          <input type="hidden" name="inStock" value="0" />
          <label>
            <input
              type="checkbox"
              name="inStock"
              value="1"
              checked={query.inStock}
              onChange={(e) => update({ inStock: e.currentTarget.checked })}
            />{" "}
            {t("filters.inStock")}
          </label>
          <input type="hidden" name="outOfStock" value="0" />
          <label>
            <input
              type="checkbox"
              name="outOfStock"
              value="1"
              checked={query.outOfStock}
              onChange={(e) => update({ outOfStock: e.currentTarget.checked })}
            />{" "}
            {t("filters.outOfStock")}
          </label>
        </fieldset>
        <fieldset className="field price">
          <legend>{t("filters.price")}</legend>
          <p className="price-values" aria-live="polite">
            <span>{priceLabel(Math.min(draft.min, draft.max), false)}</span>
            <span aria-hidden="true">–</span>
            <span>{priceLabel(Math.max(draft.min, draft.max), true)}</span>
          </p>
          <div className="range-sliders" ref={rangeRef}>
            <input
              type="range"
              min={PRICE_MIN}
              max={PRICE_MAX}
              step={PRICE_STEP}
              value={draft.min}
              aria-label={t("filters.lowest")}
              aria-valuetext={priceLabel(draft.min, false)}
              onChange={(e) =>
                setDraft({ ...draft, min: Math.min(Number(e.currentTarget.value), draft.max) })}
            />
            <input
              type="range"
              min={PRICE_MIN}
              max={PRICE_MAX}
              step={PRICE_STEP}
              value={draft.max}
              aria-label={t("filters.highest")}
              aria-valuetext={priceLabel(draft.max, true)}
              onChange={(e) =>
                setDraft({ ...draft, max: Math.max(Number(e.currentTarget.value), draft.min) })}
            />
          </div>
          <div className="price-numbers">
            <label>
              {t("filters.min")}{" "}
              <input
                type="number"
                name="minPrice"
                min={PRICE_MIN}
                max={PRICE_MAX}
                step={1}
                inputMode="numeric"
                value={draft.min}
                onChange={(e) => setDraft({ ...draft, min: clamp(Number(e.currentTarget.value)) })}
              />
            </label>
            <label>
              {t("filters.max")}{" "}
              <input
                type="number"
                name="maxPrice"
                min={PRICE_MIN}
                max={PRICE_MAX}
                step={1}
                inputMode="numeric"
                value={draft.max}
                onChange={(e) => setDraft({ ...draft, max: clamp(Number(e.currentTarget.value)) })}
              />
            </label>
          </div>
        </fieldset>
        {withAuthor
          ? (
            <AuthorField
              value={query.author}
              onChange={(author) => update({ author })}
            />
          )
          : null}
        <div className="filter-actions">
          <ScriptlessSubmit live={onChange !== undefined} label={t("filters.apply")} />
          <a href={action} className="button button-ghost">{t("filters.clear")}</a>
        </div>
      </form>
    </details>
  );
}
