/** An in-page confirmation step on a modal <dialog>. */
import { useEffect, useRef } from "react";

export interface ConfirmRequest {
  title: string;
  message: string;
  confirmLabel: string;
  /** "danger" (the default) for what takes away, "primary" for what goes ahead. */
  tone?: "danger" | "primary";
  onConfirm(): void;
}

/** Shows `request` as a modal while it is set; Cancel, Escape or the choice close it. */
export function ConfirmDialog(
  { request, onClose }: { request: ConfirmRequest | null; onClose: () => void },
) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (request && !dialog.open) dialog.showModal();
    if (!request && dialog.open) dialog.close();
  }, [request]);
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby="confirm-title"
      onClose={onClose}
    >
      {request && (
        <form method="dialog">
          <h2 id="confirm-title">{request.title}</h2>
          <p>{request.message}</p>
          <div className="dialog-actions">
            <button type="submit" value="cancel" className="button-secondary" autoFocus>
              Cancel
            </button>
            <button
              type="button"
              className={request.tone === "primary" ? "button-primary" : "button-danger"}
              onClick={() => {
                request.onConfirm();
                onClose();
              }}
            >
              {request.confirmLabel}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
