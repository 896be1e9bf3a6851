/**
 * The owner's audit log (/admin/audit): every change with who made it, when (in Sri
 * Lanka) and each field from → to, newest first, filtered by kind, who, record and days; its
 * entries in the language the owner chooses here (en, si or ta), kept in this browser.
 */
import { useState } from "react";
import { type ColumnDef, createColumnHelper } from "@tanstack/react-table";
import { AUDIT_KINDS, AUDIT_SUBJECT_TYPES } from "../../../domain/audit/audit.ts";
import type { WireAuditEntry } from "../../../contract/audit.ts";
import { AUDIT_PATHS } from "../../../contract/admin_paths.ts";
import { useAdmin } from "../context.ts";
import { useDebounced, useLoad } from "../hooks.ts";
import { DataTable, Pager } from "../DataTable.tsx";
import { Loading } from "../Feedback.tsx";
import { formatDateTime } from "../format.ts";
import { PageLink } from "../PageLink.tsx";
import { ChangeList } from "./History.tsx";
import {
  actionText,
  actorText,
  type AuditWords,
  kindLabel,
  subjectLabel,
  subjectPath,
} from "./audit_words.ts";
import { LANGUAGE_NAMES, useAuditLanguage } from "./audit_language.ts";
import { SHOP_LANGUAGES } from "../../../domain/i18n/language.ts";

const PAGE_SIZE = 20;

interface Filters {
  kind: string;
  who: string;
  subjectType: string;
  subjectId: string;
  from: string;
  to: string;
}

const NO_FILTERS: Filters = { kind: "", who: "", subjectType: "", subjectId: "", from: "", to: "" };

/** The filters given, as the route's query (blank ones left out). */
export function auditQueryOf(filters: Filters, page: number): Record<string, string> {
  const query: Record<string, string> = { page: String(page), pageSize: String(PAGE_SIZE) };
  for (const [name, value] of Object.entries(filters)) {
    if (value.trim() !== "") query[name] = value.trim();
  }
  if (!query.subjectType) delete query.subjectId;
  return query;
}

const column = createColumnHelper<WireAuditEntry>();

/** The log's columns, their entries in `words`. */
// deno-lint-ignore no-explicit-any
const columnsIn = (words: AuditWords): ColumnDef<WireAuditEntry, any>[] => [
  column.accessor("at", {
    header: "When",
    enableSorting: false,
    cell: (c) => <time dateTime={c.getValue()}>{formatDateTime(c.getValue())}</time>,
  }),
  // Written at each render (not an accessor's value, which the table keeps per row), so
  // a change of language shows at once.
  column.display({
    id: "who",
    header: "Who",
    cell: (c) => actorText(words, c.row.original.actor),
  }),
  column.display({
    id: "record",
    header: "Record",
    cell: (c) => {
      const entry = c.row.original;
      const path = subjectPath(entry.subject_type, entry.subject_id);
      const text = actionText(words, entry);
      return path ? <PageLink to={path}>{text}</PageLink> : text;
    },
  }),
  column.display({
    id: "changes",
    header: "What changed",
    cell: (c) => (
      <>
        <span className="audit-kinds">
          {c.row.original.kinds.map((k) => kindLabel(words, k)).join(", ")}
        </span>
        <ChangeList entry={c.row.original} words={words} />
      </>
    ),
  }),
];

export function AuditLogPage() {
  const { api } = useAdmin();
  const { language, words, choose } = useAuditLanguage();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const who = useDebounced(filters.who, 300);
  const subjectId = useDebounced(filters.subjectId, 300);
  const asked = { ...filters, who, subjectId };
  const [loaded] = useLoad(
    () => api.call(AUDIT_PATHS.list, { query: auditQueryOf(asked, page) }),
    [JSON.stringify(asked), page],
  );
  const set = (name: keyof Filters) => (value: string) => {
    setFilters((f) => ({ ...f, [name]: value }));
    setPage(1);
  };
  const filtered = Object.values(filters).some((v) => v !== "");
  // The shop refuses a reversed range (400); the page says so in its own words first.
  const reversed = filters.from !== "" && filters.to !== "" && filters.to < filters.from;
  return (
    <div className="audit-log">
      <h2 className="page-heading">Audit log</h2>
      <form className="audit-filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <div className="audit-filter">
          <label htmlFor="audit-kind">Kind</label>
          <select
            id="audit-kind"
            value={filters.kind}
            onChange={(e) => set("kind")(e.target.value)}
          >
            <option value="">Every kind</option>
            {AUDIT_KINDS.map((k) => <option key={k} value={k}>{kindLabel(words, k)}</option>)}
          </select>
        </div>
        <div className="audit-filter">
          <label htmlFor="audit-who">Who</label>
          <input
            id="audit-who"
            type="search"
            value={filters.who}
            placeholder="e-mail, shopper, job, gateway"
            maxLength={254}
            onChange={(e) => set("who")(e.target.value)}
          />
        </div>
        <div className="audit-filter">
          <label htmlFor="audit-record">Record</label>
          <select
            id="audit-record"
            value={filters.subjectType}
            onChange={(e) => set("subjectType")(e.target.value)}
          >
            <option value="">Every record</option>
            {AUDIT_SUBJECT_TYPES.map((t) => (
              <option key={t} value={t}>{subjectLabel(words, t)}</option>
            ))}
          </select>
        </div>
        <div className="audit-filter">
          <label htmlFor="audit-number">Number</label>
          <input
            id="audit-number"
            inputMode="numeric"
            pattern="[0-9]*"
            value={filters.subjectId}
            disabled={filters.subjectType === ""}
            onChange={(e) => set("subjectId")(e.target.value.replace(/\D/g, ""))}
          />
        </div>
        <div className="audit-filter">
          <label htmlFor="audit-from">From</label>
          <input
            id="audit-from"
            type="date"
            value={filters.from}
            onChange={(e) => set("from")(e.target.value)}
          />
        </div>
        <div className="audit-filter">
          <label htmlFor="audit-to">To</label>
          <input
            id="audit-to"
            type="date"
            value={filters.to}
            onChange={(e) => set("to")(e.target.value)}
          />
        </div>
        <div className="audit-filter">
          <label htmlFor="audit-language">{words.t("audit.language")}</label>
          <select
            id="audit-language"
            value={language}
            onChange={(e) => choose(e.target.value as typeof language)}
          >
            {SHOP_LANGUAGES.map((l) => (
              <option key={l} value={l} lang={l}>{LANGUAGE_NAMES[l]}</option>
            ))}
          </select>
        </div>
        {filtered && (
          <button
            type="button"
            className="button-secondary"
            onClick={() => {
              setFilters(NO_FILTERS);
              setPage(1);
            }}
          >
            Clear filters
          </button>
        )}
      </form>
      <p className="audit-note">
        Days are in Sri Lanka. Entries are kept as written: no one can change or remove them.
      </p>
      {reversed && (
        <p role="alert" className="notice notice-failure">
          The range ends before it starts: "To" must not be before "From".
        </p>
      )}
      {loaded.state === "error" && !reversed && (
        <p role="alert" className="notice notice-failure">
          Could not load the log: {loaded.message}
        </p>
      )}
      {loaded.state === "loading" && !loaded.data && <Loading label="Loading the log" />}
      {loaded.data && (
        <>
          <DataTable
            caption="Changes, newest first"
            columns={columnsIn(words)}
            data={loaded.data.data}
            getRowId={(e) => String(e.id)}
            busy={loaded.state === "loading"}
            empty={filtered
              ? "No changes match these filters."
              : "No changes have been recorded yet."}
            sorting={[]}
            onSortingChange={() => {}}
          />
          <Pager
            page={page}
            pageSize={PAGE_SIZE}
            total={loaded.data.total}
            onPage={setPage}
            label="Audit log pages"
          />
        </>
      )}
    </div>
  );
}
