/** A labelled form control with its inline error, tied together for assistive technology. */
import type { ReactNode } from "react";

export function Field(
  { id, label, error, children }: {
    id: string;
    label: string;
    error?: string;
    children: ReactNode;
  },
) {
  return (
    <div className={error ? "field has-error" : "field"}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? <p id={`${id}-error`} className="field-error">{error}</p> : null}
    </div>
  );
}

/** The aria attributes of a control whose field may show an error. */
export function errorAttrs(id: string, error?: string) {
  return error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};
}
