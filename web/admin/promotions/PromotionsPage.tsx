/**
 * Promotions: every campaign, order offer and discount code with its state now, window,
 * discount, scope, uses and saving; forms to add and edit each; pause, resume, end and
 * delete behind a confirmation; and the preview of a cart.
 */
import { useMemo, useState } from "react";
import type { ColumnDef } from "@tanstack/react-table";
import { messageOf } from "../api.ts";
import { ConfirmDialog, type ConfirmRequest } from "../ConfirmDialog.tsx";
import { useAdmin } from "../context.ts";
import { DataTable } from "../DataTable.tsx";
import { Loading, Notice } from "../Feedback.tsx";
import { useLoad, useNotice } from "../hooks.ts";
import { formatRupees } from "../format.ts";
import { listCategories } from "../endpoints.ts";
import type { WirePromotion } from "../../../contract/promotions.ts";
import {
  benefitText,
  emptyForm,
  formOf,
  KIND_WORDS,
  type PromotionForm,
  type PromotionKind,
  savingText,
  scopeText,
  STATE_WORDS,
  titleOf,
  windowText,
} from "./promotion_forms.ts";
import { deletePromotion, listPromotions, type PromotionStep, stepPromotion } from "./endpoints.ts";
import { PromotionEditor } from "./PromotionEditor.tsx";
import { PreviewPanel } from "./PreviewPanel.tsx";

const KINDS: PromotionKind[] = ["campaign", "offer", "code"];

interface Editing {
  form: PromotionForm;
  id?: number;
  /** Changes with each opening, so the form starts afresh. */
  key: number;
}

interface Actions {
  edit(record: WirePromotion): void;
  step(record: WirePromotion, step: PromotionStep): void;
  remove(record: WirePromotion): void;
  categoryNames: ReadonlyMap<string, string>;
}

function columns(kind: PromotionKind, actions: Actions): ColumnDef<WirePromotion>[] {
  return [
    {
      id: "name",
      header: kind === "code" ? "Code" : "Name",
      enableSorting: false,
      cell: ({ row }) => {
        const record = row.original;
        return (
          <span className="promotion-name">
            <strong>{titleOf(record)}</strong>
            {record.kind !== "code" && (record.names.si || record.names.ta) && (
              <span className="field-hint">
                {[record.names.si, record.names.ta].filter(Boolean).join(" · ")}
              </span>
            )}
          </span>
        );
      },
    },
    {
      id: "state",
      header: "State",
      enableSorting: false,
      cell: ({ row }) => (
        <span className={`state-badge state-${row.original.state}`}>
          {STATE_WORDS[row.original.state]}
        </span>
      ),
    },
    {
      id: "discount",
      header: "Discount",
      enableSorting: false,
      cell: ({ row }) => {
        const record = row.original;
        const minimum = record.kind !== "campaign" && record.minimum > 0
          ? ` over ${formatRupees(record.minimum)}`
          : "";
        return `${benefitText(record.benefit, record.kind)}${minimum}`;
      },
    },
    ...(kind === "offer" ? [] : [
      {
        id: "scope",
        header: "Applies to",
        enableSorting: false,
        cell: ({ row }) => {
          const record = row.original;
          return record.kind === "offer" ? "" : scopeText(record.scope, actions.categoryNames);
        },
      } satisfies ColumnDef<WirePromotion>,
    ]),
    {
      id: "window",
      header: "When (Colombo)",
      enableSorting: false,
      cell: ({ row }) => windowText(row.original),
    },
    {
      id: "uses",
      header: "Uses",
      enableSorting: false,
      cell: ({ row }) => {
        const record = row.original;
        const cap = record.kind === "code" && record.max_uses !== null
          ? ` of ${record.max_uses}`
          : "";
        return `${record.uses}${cap}`;
      },
    },
    {
      id: "saving",
      header: "Saving so far",
      enableSorting: false,
      cell: ({ row }) => savingText(row.original.saving),
    },
    {
      id: "actions",
      header: "Actions",
      enableSorting: false,
      cell: ({ row }) => {
        const record = row.original;
        const title = titleOf(record);
        const ended = record.state === "ended";
        return (
          <span className="row-actions">
            <button type="button" className="button-secondary" onClick={() => actions.edit(record)}>
              Edit<span className="visually-hidden">{title}</span>
            </button>
            {!ended && (
              <button
                type="button"
                className="button-secondary"
                onClick={() => actions.step(record, record.paused ? "resume" : "pause")}
              >
                {record.paused ? "Resume" : "Pause"}
                <span className="visually-hidden">{title}</span>
              </button>
            )}
            {!ended && record.state !== "scheduled" && (
              <button
                type="button"
                className="button-danger"
                onClick={() => actions.step(record, "end")}
              >
                End<span className="visually-hidden">{title}</span>
              </button>
            )}
            <button type="button" className="button-danger" onClick={() => actions.remove(record)}>
              Delete<span className="visually-hidden">{title}</span>
            </button>
          </span>
        );
      },
    },
  ];
}

const STEP_WORDS: Record<
  PromotionStep,
  { verb: string; done: string; tone: "danger" | "primary" }
> = {
  pause: { verb: "Pause", done: "paused", tone: "primary" },
  resume: { verb: "Resume", done: "resumed", tone: "primary" },
  end: { verb: "End", done: "ended", tone: "danger" },
};

export function PromotionsPage() {
  const { api } = useAdmin();
  const [list, reload] = useLoad(() => listPromotions(api), [api]);
  const [categories] = useLoad(async () => {
    const [books, stationery] = await Promise.all([
      listCategories(api, "books"),
      listCategories(api, "stationery"),
    ]);
    return new Map([
      ...books.map((c) => [`book:${c.id}`, c.name] as const),
      ...stationery.map((c) => [`stationery:${c.id}`, c.name] as const),
    ]);
  }, [api]);
  const { notice, success, failure, clear } = useNotice();
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [opened, setOpened] = useState(0);

  const open = (form: PromotionForm, id?: number) => {
    clear();
    setOpened((n) => n + 1);
    setEditing({ form, id, key: opened + 1 });
    requestAnimationFrame(() =>
      document.querySelector(".promotion-editor")?.scrollIntoView({ block: "start" })
    );
  };

  const actions: Actions = useMemo(() => ({
    categoryNames: categories.data ?? new Map(),
    edit(record) {
      open(formOf(record), record.id);
    },
    step(record, step) {
      const words = STEP_WORDS[step];
      const what = `${KIND_WORDS[record.kind].one} "${titleOf(record)}"`;
      setConfirm({
        title: `${words.verb} ${KIND_WORDS[record.kind].one}`,
        message: step === "end"
          ? `End the ${what} now? It stops at once; orders already placed keep their prices.`
          : `${words.verb} the ${what}?`,
        confirmLabel: words.verb,
        tone: words.tone,
        onConfirm: async () => {
          try {
            await stepPromotion(api, record.kind, record.id, step);
            success(`The ${what} was ${words.done}`);
          } catch (error) {
            failure(`Could not ${step} the ${what}: ${messageOf(error)}`);
          }
          reload();
        },
      });
    },
    remove(record) {
      const what = `${KIND_WORDS[record.kind].one} "${titleOf(record)}"`;
      setConfirm({
        title: `Delete ${KIND_WORDS[record.kind].one}`,
        message: `Delete the ${what}? This cannot be undone.`,
        confirmLabel: "Delete",
        onConfirm: async () => {
          try {
            await deletePromotion(api, record.kind, record.id);
            success(`The ${what} was deleted`);
          } catch (error) {
            failure(`Could not delete the ${what}: ${messageOf(error)}`);
          }
          reload();
        },
      });
    },
  }), [api, categories.data, opened]);

  const data = list.data;
  const all = data ? [...data.campaigns, ...data.offers, ...data.codes] : [];
  const byKind: Record<PromotionKind, WirePromotion[]> = {
    campaign: data?.campaigns ?? [],
    offer: data?.offers ?? [],
    code: data?.codes ?? [],
  };

  return (
    <div className="promotions-page">
      <h2 className="page-heading">Promotions</h2>
      <div className="promotion-new" role="group" aria-label="Add a promotion">
        {KINDS.map((kind) => (
          <button
            key={kind}
            type="button"
            className="button-primary"
            onClick={() => open(emptyForm(kind))}
          >
            {KIND_WORDS[kind].new}
          </button>
        ))}
      </div>
      {editing && (
        <PromotionEditor
          key={editing.key}
          initial={editing.form}
          id={editing.id}
          onCancel={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            success(
              `The ${KIND_WORDS[saved.kind].one} "${titleOf(saved)}" was ${
                editing.id === undefined ? "added" : "saved"
              }`,
            );
            reload();
          }}
        />
      )}
      <Notice notice={notice} onDismiss={clear} floating />
      {list.state === "error" && (
        <p role="alert" className="notice notice-failure">Error fetching data: {list.message}</p>
      )}
      {list.state === "loading" && !data && <Loading label="Loading promotions" />}
      {data && all.length === 0 && (
        <section className="panel promotions-empty">
          <h3>No promotions yet</h3>
          <p>
            Add a campaign (a percentage or an amount off a store, categories, chosen products or
            books in a language), an order offer (free delivery or an amount off over a minimum) or
            a discount code for a school or a reading club.
          </p>
        </section>
      )}
      {data &&
        KINDS.filter((kind) => byKind[kind].length > 0).map((kind) => (
          <section key={kind} className="panel" aria-labelledby={`promotions-${kind}`}>
            <h3 id={`promotions-${kind}`}>{KIND_WORDS[kind].many}</h3>
            <DataTable
              caption={KIND_WORDS[kind].many}
              columns={columns(kind, actions)}
              data={byKind[kind]}
              getRowId={(row) =>
                `${row.kind}-${row.id}`}
              busy={list.state === "loading"}
              empty=""
              sorting={[]}
              onSortingChange={() => {}}
            />
          </section>
        ))}
      <PreviewPanel />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </div>
  );
}
