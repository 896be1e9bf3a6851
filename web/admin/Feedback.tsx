/** Spinners and notices: what the admin sees while waiting and after acting. */
import type { NoticeState } from "./hooks.ts";

/** A spinning ring; `label` is read out by screen readers. */
export function Spinner({ label = "Loading" }: { label?: string }) {
  return (
    <span className="spinner" role="img" aria-label={label}>
    </span>
  );
}

/** A block shown while a section loads. */
export function Loading({ label = "Loading" }: { label?: string }) {
  return (
    <div className="loading">
      <Spinner label={label} /> <span aria-hidden="true">{label}…</span>
    </div>
  );
}

/**
 * The page's notice: role="status" for success, role="alert" for failure, so assistive
 * technology announces it. Both regions stay in the page so that a new text is heard.
 */
export function Notice(
  { notice, onDismiss }: { notice: NoticeState | null; onDismiss: () => void },
) {
  const dismiss = (
    <button type="button" className="notice-dismiss" onClick={onDismiss} aria-label="Dismiss">
      ×
    </button>
  );
  return (
    <div className="notices">
      <div role="status" className={notice?.kind === "success" ? "notice notice-success" : ""}>
        {notice?.kind === "success" && (
          <>
            <span key={notice.key}>{notice.text}</span>
            {dismiss}
          </>
        )}
      </div>
      <div role="alert" className={notice?.kind === "failure" ? "notice notice-failure" : ""}>
        {notice?.kind === "failure" && (
          <>
            <span key={notice.key}>{notice.text}</span>
            {dismiss}
          </>
        )}
      </div>
    </div>
  );
}
