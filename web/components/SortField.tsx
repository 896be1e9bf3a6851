/**
 * The list's order: a plain GET form (the list's other choices kept as hidden fields), so
 * it works before (or without) scripts; in an island a pick applies at once.
 */
import { LIST_SORTS, type ListQuery, listSearch, type ListSort } from "../lib/list_query.ts";
import { type MessageKey, useI18n } from "../i18n/mod.ts";
import { ScriptlessSubmit } from "./ScriptlessSubmit.tsx";

const LABELS: Readonly<Record<ListSort | "", MessageKey>> = {
  "": "sort.best",
  newest: "sort.newest",
  "price-asc": "sort.priceAsc",
  "price-desc": "sort.priceDesc",
  title: "sort.title",
};

export function SortField(
  { action, query, onChange }: {
    action: string;
    query: ListQuery;
    onChange?: (next: ListQuery) => void;
  },
) {
  const { t } = useI18n();
  const kept = [...new URLSearchParams(listSearch({ ...query, sort: undefined, page: 1 }))];
  return (
    <form
      className="sort-form"
      method="get"
      action={action}
      onSubmit={(e) => {
        if (onChange) e.preventDefault();
      }}
    >
      {kept.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="list-sort">{t("sort.label")}</label>
      <select
        id="list-sort"
        name="sort"
        value={query.sort ?? ""}
        onChange={(e) => {
          const value = e.currentTarget.value;
          const sort = LIST_SORTS.find((s) => s === value);
          onChange?.({ ...query, sort, page: 1 });
        }}
      >
        {(["", ...LIST_SORTS] as const).map((key) => (
          <option key={key} value={key}>{t(LABELS[key])}</option>
        ))}
      </select>
      <ScriptlessSubmit live={onChange !== undefined} label={t("sort.submit")} />
    </form>
  );
}
