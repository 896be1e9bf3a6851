/**
 * A record's History (the product's and the order's admin pages): who changed what and
 * when, each field from → to, newest first, a page at a time, from the audit trail, in
 * the language the owner chose for it on the audit log.
 */
import { useState } from "react";
import type { AuditSubjectType } from "../../../domain/audit/audit.ts";
import type { WireAuditEntry } from "../../../contract/audit.ts";
import { AUDIT_PATHS } from "../../../contract/admin_paths.ts";
import { useAdmin } from "../context.ts";
import { useLoad } from "../hooks.ts";
import { Pager } from "../DataTable.tsx";
import { Loading } from "../Feedback.tsx";
import { formatDateTime } from "../format.ts";
import { actorText, type AuditWords, changeLines, kindLabel } from "./audit_words.ts";
import { useAuditLanguage } from "./audit_language.ts";

const HISTORY_PAGE_SIZE = 10;

/** An entry's changed fields: "Price: LKR 950.00 → LKR 1,000.00". */
export function ChangeList({ entry, words }: { entry: WireAuditEntry; words: AuditWords }) {
  return (
    <ul className="audit-changes">
      {changeLines(words, entry).map((line) => (
        <li key={line.field}>
          <span className="audit-field">{line.label}:</span>{" "}
          {line.from !== undefined && <del className="audit-from">{line.from}</del>}
          {line.from !== undefined && line.to !== undefined && (
            <>
              <span aria-hidden="true" className="audit-arrow">→</span>
              <span className="visually-hidden">changed to</span>
            </>
          )}
          {line.to !== undefined && <ins className="audit-to">{line.to}</ins>}
        </li>
      ))}
    </ul>
  );
}

interface HistoryProps {
  subjectType: AuditSubjectType;
  id: number;
  /** Changes when the page changed the record: the history is read again. */
  refreshKey?: string;
}

/** The record's history, for a role that may read the audit trail (the owner); none else. */
export function History(props: HistoryProps) {
  const { may } = useAdmin();
  return may("audit") ? <HistoryPanel {...props} /> : null;
}

function HistoryPanel({ subjectType, id, refreshKey }: HistoryProps) {
  const { api } = useAdmin();
  const { words, language } = useAuditLanguage();
  const [page, setPage] = useState(1);
  const [loaded] = useLoad(
    () =>
      api.call(AUDIT_PATHS.list, {
        query: {
          subjectType,
          subjectId: String(id),
          page: String(page),
          pageSize: String(HISTORY_PAGE_SIZE),
        },
      }),
    [subjectType, id, page, refreshKey],
  );
  const heading = `history-${subjectType}-${id}`;
  return (
    <section className="audit-history" aria-labelledby={heading}>
      <h3 id={heading}>History</h3>
      {loaded.state === "error" && (
        <p role="alert" className="notice notice-failure">
          Could not load the history: {loaded.message}
        </p>
      )}
      {loaded.state === "loading" && !loaded.data && <Loading label="Loading the history" />}
      {loaded.data && loaded.data.total === 0 && (
        <p className="table-empty">No changes recorded yet.</p>
      )}
      {loaded.data && loaded.data.total > 0 && (
        <>
          <ol className="audit-history-list" lang={language}>
            {loaded.data.data.map((entry) => (
              <li key={entry.id}>
                <p className="audit-meta">
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  {" · "}
                  <strong>{actorText(words, entry.actor)}</strong>
                  {" · "}
                  {entry.kinds.map((k) => kindLabel(words, k)).join(", ")}
                </p>
                <ChangeList entry={entry} words={words} />
              </li>
            ))}
          </ol>
          {loaded.data.total > HISTORY_PAGE_SIZE && (
            <Pager
              page={page}
              pageSize={HISTORY_PAGE_SIZE}
              total={loaded.data.total}
              onPage={setPage}
              label="History pages"
            />
          )}
        </>
      )}
    </section>
  );
}
