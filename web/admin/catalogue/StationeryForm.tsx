/** Add New Stationery Item: a multipart POST /api/stationery with one image. */
import { type FormEvent, useRef, useState } from "react";
import { ApiFailure, messageOf } from "../api.ts";
import {
  buildStationeryFormData,
  EMPTY_STATIONERY_FORM,
  type StationeryFormValues,
  validateStationeryForm,
} from "./catalogue_forms.ts";
import { useAdmin } from "../context.ts";
import { addProduct } from "../endpoints.ts";
import { contractErrors, textFields } from "./contract_check.ts";
import { Notice } from "../Feedback.tsx";
import { Field, focusFirstInvalid, SubmitButton } from "../Field.tsx";
import { useNotice } from "../hooks.ts";
import { ImagePicker } from "./ImagePicker.tsx";
import { StationeryFields } from "./StationeryFields.tsx";
import { type FieldErrors, fieldErrorsFromDetails } from "../validation.ts";
import type { WireCategory } from "../../../contract/records.ts";

export function StationeryForm(
  { categories, onAdded }: { categories: Pick<WireCategory, "id" | "name">[]; onAdded: () => void },
) {
  const { api } = useAdmin();
  const [values, setValues] = useState<StationeryFormValues>(EMPTY_STATIONERY_FORM);
  const [images, setImages] = useState<File[]>([]);
  const image = images[0] ?? null;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [resets, setResets] = useState(0);
  const { notice, success, failure, clear } = useNotice();
  const formRef = useRef<HTMLFormElement>(null);

  function set(name: keyof StationeryFormValues, value: string) {
    setValues((all) => ({ ...all, [name]: value }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    clear();
    // The form's own words first; the API's schema marks what they let through.
    const sent = textFields(buildStationeryFormData(values, image ?? new Blob()));
    const found = {
      ...await contractErrors((s) => s.newStationeryFields, sent),
      ...validateStationeryForm(values, image),
    };
    setErrors(found);
    if (Object.keys(found).length > 0 || image === null) {
      failure("Please correct the marked fields");
      focusFirstInvalid(formRef.current);
      return;
    }
    setSubmitting(true);
    try {
      await addProduct(api, "stationery", buildStationeryFormData(values, image));
      setValues(EMPTY_STATIONERY_FORM);
      setImages([]);
      setResets((n) => n + 1);
      success("Stationery item added successfully");
      onAdded();
    } catch (error) {
      if (error instanceof ApiFailure) {
        const fields = fieldErrorsFromDetails(error.details);
        if (error.status === 413 || error.status === 415) fields.image = error.message;
        setErrors(fields);
        focusFirstInvalid(formRef.current);
      }
      failure(`Failed to add stationery item: ${messageOf(error)}`);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className="panel" aria-labelledby="stationery-form-heading">
      <h2 id="stationery-form-heading">Add New Stationery Item</h2>
      <form ref={formRef} className="grid-form" onSubmit={submit} noValidate key={resets}>
        <StationeryFields
          mode="add"
          idPrefix="stationery"
          values={values}
          errors={errors}
          categories={categories}
          onChange={set}
          image={
            <div className="field-wide">
              <Field id="stationery-image" label="Image" error={errors.image}>
                {(aria) => (
                  <ImagePicker
                    aria={aria}
                    files={images}
                    multiple={false}
                    onChange={(files) => setImages(files.slice(0, 1))}
                  />
                )}
              </Field>
            </div>
          }
        />
        <div className="form-actions field-wide">
          <SubmitButton submitting={submitting}>Add Stationery Item</SubmitButton>
        </div>
      </form>
      <Notice notice={notice} onDismiss={clear} />
    </section>
  );
}
