/** Rename and delete book or stationery categories; a category in use says how many use it. */
import { type FormEvent, useState } from "react";
import { messageOf } from "../api.ts";
import { ConfirmDialog, type ConfirmRequest } from "../ConfirmDialog.tsx";
import { useAdmin } from "../context.ts";
import { listCategories, type ProductKind } from "../endpoints.ts";
import { Loading, Notice } from "../Feedback.tsx";
import { useLoad, useNotice } from "../hooks.ts";
import type { WireCategory } from "../../../contract/records.ts";
import { deleteCategory, renameCategory } from "./endpoints.ts";

export function CategoriesPanel({ kind }: { kind: ProductKind }) {
  const { api } = useAdmin();
  const [list, reload] = useLoad(() => listCategories(api, kind), [api, kind]);
  const { notice, success, failure, clear } = useNotice();
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const heading = kind === "books" ? "Book categories" : "Stationery categories";
  const id = `categories-${kind}`;

  function remove(category: WireCategory) {
    setConfirm({
      title: "Delete category",
      message: `Delete the category "${category.name}"?`,
      confirmLabel: "Delete",
      onConfirm: async () => {
        try {
          await deleteCategory(api, kind, category.id);
          success(`Category "${category.name}" deleted`);
          reload();
        } catch (error) {
          failure(`Cannot delete "${category.name}": ${messageOf(error)}`);
        }
      },
    });
  }

  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      {list.state === "loading" && !list.data && <Loading />}
      {list.state === "error" && (
        <p role="alert" className="notice notice-failure">Error fetching data: {list.message}</p>
      )}
      {list.data?.length === 0 && <p className="empty">No categories yet</p>}
      <ul className="category-list">
        {list.data?.map((category) => (
          <CategoryRow
            key={`${category.id}-${category.name}`}
            kind={kind}
            category={category}
            onRenamed={(renamed) => {
              success(`Category renamed to "${renamed.name}"`);
              reload();
            }}
            onFailed={failure}
            onDelete={() => remove(category)}
          />
        ))}
      </ul>
      <Notice notice={notice} onDismiss={clear} />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </section>
  );
}

function CategoryRow(
  { kind, category, onRenamed, onFailed, onDelete }: {
    kind: ProductKind;
    category: WireCategory;
    onRenamed: (category: WireCategory) => void;
    onFailed: (text: string) => void;
    onDelete: () => void;
  },
) {
  const { api } = useAdmin();
  const [name, setName] = useState(category.name);
  const [nameSi, setNameSi] = useState(category.name_si ?? "");
  const [nameTa, setNameTa] = useState(category.name_ta ?? "");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const inputId = `category-${kind}-${category.id}`;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === "") return setError("Name is required");
    const unchanged = name.trim() === category.name &&
      nameSi.trim() === (category.name_si ?? "") && nameTa.trim() === (category.name_ta ?? "");
    if (unchanged) return setError("The names are unchanged");
    setSaving(true);
    setError(null);
    try {
      onRenamed(
        await renameCategory(api, { kind, id: category.id, name, nameSi, nameTa }),
      );
    } catch (failure) {
      setError(messageOf(failure));
      onFailed(`Failed to rename "${category.name}"`);
    } finally {
      setSaving(false);
    }
  }

  return (
    <li>
      <form className="category-row" onSubmit={save} noValidate>
        <label htmlFor={inputId} className="visually-hidden">Name of {category.name}</label>
        <input
          id={inputId}
          value={name}
          aria-invalid={error !== null}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
        />
        <label htmlFor={`${inputId}-si`} className="visually-hidden">
          {category.name} in Sinhala
        </label>
        <input
          id={`${inputId}-si`}
          lang="si"
          placeholder="in Sinhala"
          value={nameSi}
          onChange={(e) => {
            setNameSi(e.target.value);
            setError(null);
          }}
        />
        <label htmlFor={`${inputId}-ta`} className="visually-hidden">
          {category.name} in Tamil
        </label>
        <input
          id={`${inputId}-ta`}
          lang="ta"
          placeholder="in Tamil"
          value={nameTa}
          onChange={(e) => {
            setNameTa(e.target.value);
            setError(null);
          }}
        />
        <button type="submit" className="button-secondary" disabled={saving} aria-busy={saving}>
          Rename<span className="visually-hidden">{category.name}</span>
        </button>
        <button type="button" className="button-danger" onClick={onDelete}>
          Delete<span className="visually-hidden">{category.name}</span>
        </button>
        {error && <p id={`${inputId}-error`} className="field-error">{error}</p>}
      </form>
    </li>
  );
}
