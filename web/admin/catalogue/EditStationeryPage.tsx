/** Edit a stationery item: title, price, weight, category, and its image. */
import { ProductWaiting } from "../stock/ProductWaiting.tsx";
import { History } from "../audit/History.tsx";
import { ProductImage } from "../../components/ProductImage.tsx";
import { useState } from "react";
import { messageOf } from "../api.ts";
import { checkImages, type StationeryFormValues } from "./catalogue_forms.ts";
import { useAdmin } from "../context.ts";
import { listCategories } from "../endpoints.ts";
import { Loading, Notice, Spinner } from "../Feedback.tsx";
import { SubmitButton } from "../Field.tsx";
import { useLoad, useNotice } from "../hooks.ts";
import type { WireStationery } from "../../../contract/records.ts";
import { BackLink } from "./BackLink.tsx";
import { StationeryFields } from "./StationeryFields.tsx";
import { stationeryChanges, stationeryValues, validateStationeryEdit } from "./edit_forms.ts";
import { getStationery, replaceStationeryImage } from "./endpoints.ts";
import { useProductEdit } from "./use_product_edit.ts";
import { StockAdjustments } from "../stock/StockAdjustments.tsx";
import { ProductSummary } from "./ProductSummary.tsx";

export function EditStationeryPage({ id }: { id: number }) {
  const { api, may } = useAdmin();
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
          {may("catalogue_edit")
            ? (
              <>
                <StationeryEditForm
                  item={current}
                  categories={categories.data ?? []}
                  onSaved={setItem}
                />
                <StationeryImage item={current} onChanged={setItem} />
              </>
            )
            : <ProductSummary product={current} />}
          <StockAdjustments
            kind="stationery"
            id={current.id}
            stock={current.stock}
            onAdjusted={(stock) => setItem({ ...current, stock })}
          />
          <section className="panel">
            <History
              subjectType="stationery"
              id={current.id}
              refreshKey={JSON.stringify(current)}
            />
          </section>
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
  const form = useProductEdit<StationeryFormValues, WireStationery>({
    kind: "stationery",
    noun: "Stationery item",
    product: item,
    valuesOf: stationeryValues,
    validate: validateStationeryEdit,
    changesOf: stationeryChanges,
    onSaved,
  });

  return (
    <section className="panel" aria-labelledby="edit-stationery-heading">
      <h2 id="edit-stationery-heading">Edit stationery item: {item.title}</h2>
      <ProductWaiting kind="stationery" id={item.id} />
      <form ref={form.formRef} className="grid-form" onSubmit={form.submit} noValidate>
        <StationeryFields
          mode="edit"
          idPrefix="edit"
          values={form.values}
          errors={form.errors}
          categories={categories}
          onChange={form.set}
        />
        <div className="form-actions field-wide">
          <SubmitButton submitting={form.submitting}>Save changes</SubmitButton>
        </div>
      </form>
      <Notice notice={form.notice} onDismiss={form.clear} />
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
