/**
 * The couriers (/admin/couriers): the Sri Lankan couriers the shop starts with and the
 * owner's own, each with the link that tracks one of its parcels ({waybill} in it) and the
 * shape of its waybill numbers. The owner sets a courier's tracking link from the
 * courier's own site; a courier without one shows no link to customers.
 */
import { type FormEvent, useMemo, useState } from "react";
import { createColumnHelper } from "@tanstack/react-table";
import { FULFILMENT_PATHS } from "../../../contract/fulfilment_paths.ts";
import { ApiFailure, messageOf } from "../api.ts";
import { useAdmin } from "../context.ts";
import { DataTable } from "../DataTable.tsx";
import { Loading, Notice, Spinner } from "../Feedback.tsx";
import { useLoad, useNotice } from "../hooks.ts";
import "./fulfilment.css";

interface CourierRow {
  id: string;
  name: string;
  tracking_template: string | null;
  waybill_pattern: string | null;
  api: string | null;
}

const column = createColumnHelper<CourierRow>();

/** The fields of the courier form, keyed as the API names them. */
type Draft = Record<"id" | "name" | "tracking_template" | "waybill_pattern", string>;
const EMPTY: Draft = { id: "", name: "", tracking_template: "", waybill_pattern: "" };

export function CouriersPage() {
  const { api } = useAdmin();
  const [list, reload] = useLoad(async () => (await api.call(FULFILMENT_PATHS.couriers)).data, [
    api,
  ]);
  const { notice, success, failure, clear } = useNotice();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Draft>>({});
  const [saving, setSaving] = useState(false);

  const columns = useMemo(() => [
    column.accessor("name", { header: "Courier", enableSorting: false }),
    column.accessor("tracking_template", {
      header: "Tracking link",
      enableSorting: false,
      cell: (info) => info.getValue() ?? <span className="empty">None set: no link shown</span>,
    }),
    column.accessor("waybill_pattern", {
      header: "Waybill shape",
      enableSorting: false,
      cell: (info) => info.getValue() ?? "Any 4 to 40 letters, digits or dashes",
    }),
    column.accessor("api", {
      header: "Handled",
      enableSorting: false,
      cell: (info) => info.getValue() ? `By its API (${info.getValue()})` : "By hand",
    }),
    column.display({
      id: "edit",
      header: "",
      cell: (info) => (
        <button
          type="button"
          className="button-secondary"
          onClick={() => {
            const c = info.row.original;
            setErrors({});
            setDraft({
              id: c.id,
              name: c.name,
              tracking_template: c.tracking_template ?? "",
              waybill_pattern: c.waybill_pattern ?? "",
            });
            document.getElementById("courier-id")?.focus();
          }}
        >
          Edit {info.row.original.name}
        </button>
      ),
    }),
  ], []);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    clear();
    const id = draft.id.trim();
    if (!/^[a-z][a-z0-9_]{1,30}$/.test(id)) {
      setErrors({
        id: "2 to 31 lower-case letters, digits or underscores, starting with a letter",
      });
      return;
    }
    setSaving(true);
    try {
      await api.call(FULFILMENT_PATHS.saveCourier, {
        params: { courierId: id },
        json: {
          name: draft.name,
          tracking_template: draft.tracking_template.trim() || null,
          waybill_pattern: draft.waybill_pattern.trim() || null,
        },
      });
      setErrors({});
      setDraft(EMPTY);
      success(`Courier ${draft.name} saved`);
      reload();
    } catch (error) {
      if (error instanceof ApiFailure && Array.isArray(error.details)) {
        const byField: Partial<Draft> = {};
        for (const problem of error.details as { field: string; message: string }[]) {
          const field = problem.field === "courierId" ? "id" : problem.field;
          byField[field as keyof Draft] = problem.message;
        }
        setErrors(byField);
      }
      failure(`Courier not saved: ${messageOf(error)}`);
    } finally {
      setSaving(false);
    }
  };

  const input = (key: keyof Draft, label: string, hint: string) => (
    <label>
      {label}
      <input
        id={`courier-${key.replace("_", "-")}`}
        value={draft[key]}
        aria-invalid={Boolean(errors[key])}
        onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
      />
      <span className="field-hint">{hint}</span>
      {errors[key] && <span className="field-error" role="alert">{errors[key]}</span>}
    </label>
  );

  return (
    <div className="couriers-page">
      <h2 className="page-title">Couriers</h2>
      <Notice notice={notice} onDismiss={clear} />
      {list.state === "loading" && !list.data && <Loading />}
      {list.state === "error" && (
        <p role="alert" className="notice notice-failure">Error fetching data: {list.message}</p>
      )}
      {list.data && (
        <DataTable
          caption="Couriers"
          columns={columns}
          data={list.data}
          getRowId={(c) => c.id}
          empty="No couriers"
          sorting={[]}
          onSortingChange={() => {}}
        />
      )}
      <form className="courier-form panel" onSubmit={save} aria-label="Add or change a courier">
        <h3>Add or change a courier</h3>
        {input("id", "Short name", "Lower-case letters, digits and underscores: kandy_runner")}
        {input("name", "Name", "As customers know it")}
        {input(
          "tracking_template",
          "Tracking link",
          "The courier's https tracking page with {waybill} where the number goes",
        )}
        {input(
          "waybill_pattern",
          "Waybill shape (optional)",
          "A pattern its waybill numbers match, such as KR[0-9]{6}",
        )}
        <button type="submit" className="button-primary" disabled={saving}>
          {saving ? <Spinner label="Saving" /> : null}
          Save courier
        </button>
      </form>
    </div>
  );
}
