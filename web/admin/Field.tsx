/** Labelled form fields with their error beside them. */
import type { ReactNode } from "react";

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  children: (aria: FieldAria) => ReactNode;
  /** Shown under the label, e.g. "optional". */
  hint?: string;
}

export interface FieldAria {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby"?: string;
}

/** A label, the control built by `children` with the right aria attributes, and the error. */
export function Field({ id, label, error, children, hint }: FieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={error ? "field field-invalid" : "field"}>
      <label htmlFor={id}>
        {label}
        {/* A space between, so the label reads "Description (optional)". */}
        {hint && (
          <>
            {" "}
            <span className="field-hint">({hint})</span>
          </>
        )}
      </label>
      {children({
        id,
        "aria-invalid": Boolean(error),
        "aria-describedby": error ? errorId : undefined,
      })}
      {error && <p id={errorId} className="field-error">{error}</p>}
    </div>
  );
}

/** The button that submits a form, with a spinner while it is being sent. */
export function SubmitButton(
  { submitting, children }: { submitting: boolean; children: ReactNode },
) {
  return (
    <button type="submit" className="button-primary" disabled={submitting} aria-busy={submitting}>
      {submitting && <span className="spinner spinner-small" aria-hidden="true"></span>}
      {children}
    </button>
  );
}

/** After the errors are drawn, moves the focus to the form's first invalid field. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
