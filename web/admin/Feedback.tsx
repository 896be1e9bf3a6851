/** Spinners and notices: what the admin sees while waiting and after acting. */
import { useEffect, useRef } from "react";
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
  { notice, onDismiss, floating }: {
    notice: NoticeState | null;
    onDismiss: () => void;
    /** Kept in sight at the bottom of the screen, for results of actions down a long list. */
    floating?: boolean;
  },
) {
  const dismiss = (
    <button type="button" className="notice-dismiss" onClick={onDismiss} aria-label="Dismiss">
      ×
    </button>
  );
  return (
    <div className={floating ? "notices notices-floating" : "notices"}>
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

/** The result of a row's action (a price saved, a delete refused), shown in that row. */
export interface RowNotice extends NoticeState {
  id: number;
}

/** A row's own notice: beside the button the admin just pressed, not at the page's top. */
export function RowStatus({ notice, id }: { notice: RowNotice | null; id: number }) {
  const shown = notice && notice.id === id ? notice : null;
  const ref = useRef<HTMLSpanElement>(null);
  // It appears under the button: at the screen's foot it would be cut off.
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: "nearest" });
  }, [shown?.key]);
  if (!shown) return null;
  return (
    <span
      ref={ref}
      key={shown.key}
      role={shown.kind === "success" ? "status" : "alert"}
      className={`row-status row-status-${shown.kind}`}
    >
      {shown.text}
    </span>
  );
}
