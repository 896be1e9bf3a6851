/** An in-page confirmation step on a modal <dialog>. */
import { useEffect, useRef } from "react";

export interface ConfirmRequest {
  title: string;
  message: string;
  confirmLabel: string;
  /** "danger" (the default) for what takes away, "primary" for what goes ahead. */
  tone?: "danger" | "primary";
  /** Optional text the choice takes along (a courier, a reason), by name. */
  fields?: { name: string; label: string; maxLength: number }[];
  onConfirm(values: Record<string, string>): void;
}

/** Shows `request` as a modal while it is set; Cancel, Escape or the choice close it. */
export function ConfirmDialog(
  { request, onClose }: { request: ConfirmRequest | null; onClose: () => void },
) {
  const ref = useRef<HTMLDialogElement>(null);
  const form = useRef<HTMLFormElement>(null);
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
        <form method="dialog" ref={form}>
          <h2 id="confirm-title">{request.title}</h2>
          <p>{request.message}</p>
          {request.fields?.map((field) => (
            <div className="field" key={field.name}>
              <label htmlFor={`confirm-${field.name}`}>{field.label}</label>
              <input
                id={`confirm-${field.name}`}
                name={field.name}
                type="text"
                maxLength={field.maxLength}
                autoComplete="off"
              />
            </div>
          ))}
          <div className="dialog-actions">
            <button type="submit" value="cancel" className="button-secondary" autoFocus>
              Cancel
            </button>
            <button
              type="button"
              className={request.tone === "primary" ? "button-primary" : "button-danger"}
              onClick={() => {
                const values: Record<string, string> = {};
                for (const field of request.fields ?? []) {
                  const input = form.current?.elements.namedItem(field.name);
                  values[field.name] = input instanceof HTMLInputElement ? input.value.trim() : "";
                }
                request.onConfirm(values);
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
