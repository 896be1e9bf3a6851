/** Edit a stationery item: title, price, weight, category, and its image. */
import { ProductImage } from "../../components/ProductImage.tsx";
import { type FormEvent, useRef, useState } from "react";
import { ApiFailure, messageOf } from "../api.ts";
import { serverFieldErrors } from "../BookForm.tsx";
import { checkImages, type StationeryFormValues } from "../catalogue_forms.ts";
import { CategorySelect } from "../CategorySelect.tsx";
import { useAdmin } from "../context.ts";
import { listCategories } from "../endpoints.ts";
import { Loading, Notice, Spinner } from "../Feedback.tsx";
import { Field, focusFirstInvalid, SubmitButton } from "../Field.tsx";
import { useLoad, useNotice } from "../hooks.ts";
import type { FieldErrors } from "../validation.ts";
import type { WireStationery } from "../wire.ts";
import { BackLink } from "./BackLink.tsx";
import { stationeryChanges, stationeryValues, validateStationeryEdit } from "./edit_forms.ts";
import { editProduct, getStationery, replaceStationeryImage } from "./endpoints.ts";

const FIELDS: { name: "title" | "price" | "weight"; label: string; step?: string }[] = [
  { name: "title", label: "Title" },
  { name: "price", label: "Price (LKR)", step: "0.01" },
  { name: "weight", label: "Weight (kg)", step: "0.001" },
];

export function EditStationeryPage({ id }: { id: number }) {
  const { api } = useAdmin();
  const [loaded] = useLoad(() => getStationery(api, id), [api, id]);
  const [categories] = useLoad(() => listCategories(api, "stationery"), [api]);
  const [item, setItem] = useState<WireStationery | null>(null);
  const current = item ?? (loaded.state === "ready" ? loaded.data : null);
  return (
    <div className="edit-page">
      <BackLink />
      {loaded.state === "loading" && <Loading />}
      {loaded.state === "error" && (
        <p role="alert" className="notice notice-failure">
          {/not found/i.test(loaded.message)
            ? `Stationery item ${id} is not on sale`
            : loaded.message}
        </p>
      )}
      {current && (
        <>
          <StationeryEditForm item={current} categories={categories.data ?? []} onSaved={setItem} />
          <StationeryImage item={current} onChanged={setItem} />
        </>
      )}
    </div>
  );
}

function StationeryEditForm(
  { item, categories, onSaved }: {
    item: WireStationery;
    categories: { id: number; name: string }[];
    onSaved: (item: WireStationery) => void;
  },
) {
  const { api } = useAdmin();
  const [before, setBefore] = useState<StationeryFormValues>(() => stationeryValues(item));
  const [values, setValues] = useState(before);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const { notice, success, failure, clear } = useNotice();
  const formRef = useRef<HTMLFormElement>(null);

  /** A typed value clears its field's message, as on the book's edit page. */
  function set<K extends keyof StationeryFormValues>(name: K, value: StationeryFormValues[K]) {
    setValues((all) => ({ ...all, [name]: value }));
    setErrors(({ [name]: _fixed, ...rest }) => rest);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    clear();
    const found = validateStationeryEdit(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      failure("Please correct the marked fields");
      focusFirstInvalid(formRef.current);
      return;
    }
    const changes = stationeryChanges(before, values);
    if (Object.keys(changes).length === 0) {
      success("Nothing to save: no field was changed");
      return;
    }
    setSubmitting(true);
    try {
      const saved = await editProduct<WireStationery>(api, {
        kind: "stationery",
        id: item.id,
        changes,
      });
      const next = stationeryValues(saved);
      setBefore(next);
      setValues(next);
      onSaved(saved);
      success("Stationery item updated successfully");
    } catch (error) {
      if (error instanceof ApiFailure) setErrors(serverFieldErrors(error));
      failure(`Failed to update stationery item: ${messageOf(error)}`);
      focusFirstInvalid(formRef.current);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className="panel" aria-labelledby="edit-stationery-heading">
      <h2 id="edit-stationery-heading">Edit stationery item: {item.title}</h2>
      <form ref={formRef} className="grid-form" onSubmit={submit} noValidate>
        {FIELDS.map((field) => (
          <Field
            key={field.name}
            id={`edit-${field.name}`}
            label={field.label}
            error={errors[field.name]}
          >
            {(aria) => (
              <input
                {...aria}
                type={field.step ? "number" : "text"}
                min={field.step ? 0 : undefined}
                step={field.step}
                required
                value={values[field.name]}
                onChange={(e) => set(field.name, e.target.value)}
              />
            )}
          </Field>
        ))}
        <CategorySelect
          id="edit-categoryId"
          categories={categories}
          value={values.categoryId}
          error={errors.categoryId}
          onChange={(value) => set("categoryId", value)}
        />
        <div className="form-actions field-wide">
          <SubmitButton submitting={submitting}>Save changes</SubmitButton>
        </div>
      </form>
      <Notice notice={notice} onDismiss={clear} />
    </section>
  );
}

function StationeryImage(
  { item, onChanged }: { item: WireStationery; onChanged: (item: WireStationery) => void },
) {
  const { api } = useAdmin();
  const [busy, setBusy] = useState(false);
  const { notice, success, failure, clear } = useNotice();
  return (
    <section className="panel" aria-labelledby="stationery-image-heading" aria-busy={busy}>
      <h2 id="stationery-image-heading">Image {busy && <Spinner label="Saving the image" />}</h2>
      <ProductImage src={item.image} sizes="120px" alt={item.title} width={120} />
      <label className="field">
        Replace the image
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          disabled={busy}
          onChange={async (event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = "";
            const problem = checkImages(files, { min: 1, max: 1 });
            if (problem) return failure(problem);
            clear();
            setBusy(true);
            try {
              onChanged(await replaceStationeryImage(api, item.id, files[0]));
              success("Image replaced");
            } catch (error) {
              failure(`Failed to replace the image: ${messageOf(error)}`);
            } finally {
              setBusy(false);
            }
          }}
        />
      </label>
      <Notice notice={notice} onDismiss={clear} />
    </section>
  );
}
