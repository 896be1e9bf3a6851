/**
 * The state of a product's edit form, for either kind: the values as typed against the
 * ones last saved, their messages (a typed value clears its own), and saving only what
 * changed with PUT /api/{books|stationery}/{id}.
 */
import { type FormEvent, useRef, useState } from "react";
import { ApiFailure, messageOf } from "../api.ts";
import { serverFieldErrors } from "./BookForm.tsx";
import { useAdmin } from "../context.ts";
import { focusFirstInvalid } from "../Field.tsx";
import { useNotice } from "../hooks.ts";
import type { FieldErrors } from "../validation.ts";
import { editProduct } from "./endpoints.ts";
import { contractErrors } from "./contract_check.ts";

/** What differs between editing a book and a stationery item. */
export interface ProductEdit<V, P extends { id: number }> {
  kind: "books" | "stationery";
  /** "Book", "Stationery item": the notices name it. */
  noun: string;
  product: P;
  valuesOf(product: P): V;
  /** The field messages of `values`; `before` is what was saved last. */
  validate(values: V, before: V): FieldErrors;
  /** The PUT body: the changed fields only. */
  changesOf(before: V, after: V): Record<string, unknown>;
  onSaved(product: P): void;
}

export function useProductEdit<V extends object, P extends { id: number }>(
  edit: ProductEdit<V, P>,
) {
  const { api } = useAdmin();
  const [before, setBefore] = useState<V>(() => edit.valuesOf(edit.product));
  const [values, setValues] = useState<V>(before);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const { notice, success, failure, clear } = useNotice();
  const formRef = useRef<HTMLFormElement>(null);

  /** Sets a field; its message goes as the value is typed in. */
  function set<K extends keyof V>(name: K, value: V[K]) {
    setValues((all) => ({ ...all, [name]: value }));
    setErrors(({ [name as string]: _fixed, ...rest }) => rest);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    clear();
    const changes = edit.changesOf(before, values);
    // The form's own words first; the API's schema marks what they let through (only the
    // changed fields are sent, so a field left as it was is never refused).
    const found = {
      ...await contractErrors(
        (s) => edit.kind === "books" ? s.bookChangesBody : s.stationeryChangesBody,
        changes,
      ),
      ...edit.validate(values, before),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) {
      failure("Please correct the marked fields");
      focusFirstInvalid(formRef.current);
      return;
    }
    if (Object.keys(changes).length === 0) {
      success("Nothing to save: no field was changed");
      return;
    }
    setSubmitting(true);
    try {
      const saved = await editProduct<P>(api, { kind: edit.kind, id: edit.product.id, changes });
      const next = edit.valuesOf(saved);
      setBefore(next);
      setValues(next);
      edit.onSaved(saved);
      success(`${edit.noun} updated successfully`);
    } catch (error) {
      if (error instanceof ApiFailure) setErrors(serverFieldErrors(error));
      focusFirstInvalid(formRef.current);
      failure(`Failed to update ${edit.noun.toLowerCase()}: ${messageOf(error)}`);
    } finally {
      setSubmitting(false);
    }
  }

  return { values, errors, set, submit, submitting, notice, clear, formRef };
}
