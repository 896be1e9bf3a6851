/**
 * Export books and stationery as CSV; import books from CSV: the file is checked first
 * (a dry run that writes nothing), and only a file without errors can then be imported.
 */
import { useState } from "react";
import { messageOf } from "../api.ts";
import { useAdmin } from "../context.ts";
import type { ProductKind } from "../endpoints.ts";
import { Notice, Spinner } from "../Feedback.tsx";
import { useNotice } from "../hooks.ts";
import { exportCsv, importCsv, type ImportSummary } from "./endpoints.ts";

const MAX_CSV_BYTES = 10 * 1024 * 1024;

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function CsvPanel() {
  const { api, may } = useAdmin();
  // Staff read the catalogue, its CSV too; importing changes it, which is the owner's.
  const canImport = may("catalogue_edit");
  const { notice, success, failure, clear } = useNotice();
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<ImportSummary | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [kind, setKind] = useState<ProductKind>("books");

  async function exportKind(kind: ProductKind) {
    clear();
    setBusy(`export-${kind}`);
    try {
      const day = new Date().toISOString().slice(0, 10);
      download(await exportCsv(api, kind), `pothgula-${kind}-${day}.csv`);
      success(`The ${kind === "books" ? "books" : "stationery"} CSV is downloading`);
    } catch (error) {
      failure(`Failed to export: ${messageOf(error)}`);
    } finally {
      setBusy(null);
    }
  }

  async function run(dryRun: boolean) {
    if (!file) return failure("Choose a CSV file first");
    if (file.size > MAX_CSV_BYTES) return failure("A CSV file may be at most 10 MB");
    clear();
    setBusy(dryRun ? "check" : "import");
    try {
      const summary = await importCsv(api, file, { kind, dryRun });
      setCheck(summary);
      if (!dryRun && summary.written) {
        success(
          `Imported: ${summary.created} created, ${summary.updated} updated, ${summary.unchanged} unchanged`,
        );
        setFile(null);
        setCheck(null);
      } else if (summary.errors.length > 0) {
        const count = summary.errors.length;
        failure(
          `Nothing was imported: ${count} ${count === 1 ? "problem" : "problems"} in the file`,
        );
      }
    } catch (error) {
      setCheck(null);
      failure(`The file cannot be imported: ${messageOf(error)}`);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="panel" aria-labelledby="csv-heading">
      <h2 id="csv-heading">{canImport ? "CSV export and import" : "CSV export"}</h2>
      <div className="form-actions">
        <button
          type="button"
          className="button-secondary"
          disabled={busy !== null}
          onClick={() => exportKind("books")}
        >
          {busy === "export-books" && <Spinner label="Exporting" />} Export books
        </button>
        <button
          type="button"
          className="button-secondary"
          disabled={busy !== null}
          onClick={() => exportKind("stationery")}
        >
          {busy === "export-stationery" && <Spinner label="Exporting" />} Export stationery
        </button>
      </div>
      {canImport && (
        <>
          <label className="field">
            Import into
            <select
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as ProductKind);
                setCheck(null);
              }}
            >
              <option value="books">Books</option>
              <option value="stationery">Stationery</option>
            </select>
          </label>
          <p className="panel-hint">
            {kind === "books"
              ? "Books are matched by ISBN-13; a column left out keeps each book's value; a new book without images gets a generated cover."
              : "A row with the id of an item updates it; a row without id adds an item (with a generated picture when it has no image)."}
            {" "}
            An empty cell keeps the value; type [clear] in a cell to clear it (not in a required
            column: that is the row's error, and nothing is imported).{" "}
            Save from Excel as "CSV UTF-8".
          </p>
          <label className="field">
            CSV file
            <input
              type="file"
              accept=".csv,text/csv"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setCheck(null);
                clear();
              }}
            />
          </label>
          <div className="form-actions">
            <button
              type="button"
              className="button-secondary"
              disabled={!file || busy !== null}
              onClick={() => run(true)}
            >
              {busy === "check" && <Spinner label="Checking" />} Check file
            </button>
            <button
              type="button"
              className="button-primary"
              disabled={!file || !check || check.errors.length > 0 || busy !== null}
              onClick={() => run(false)}
            >
              {busy === "import" && <Spinner label="Importing" />} Import
            </button>
          </div>
          {check && (
            <div className="import-check" aria-live="polite">
              <p>
                Check: {check.created} to create, {check.updated} to update, {check.unchanged}{" "}
                unchanged, {check.errors.length} {check.errors.length === 1 ? "error" : "errors"}
              </p>
              {check.changes.length > 0 && <ChangesTable changes={check.changes} />}
              {check.errors.length > 0 && (
                <>
                  <p className="panel-hint">
                    Every problem of the file, at the line your spreadsheet shows it (the header is
                    line 1). Nothing is written until there are none.
                  </p>
                  <div className="table-scroll">
                    <table className="data-table">
                      <caption>Problems in the file</caption>
                      <thead>
                        <tr>
                          <th scope="col">Line</th>
                          <th scope="col">Field</th>
                          <th scope="col">Problem</th>
                        </tr>
                      </thead>
                      <tbody>
                        {check.errors.map((e, i) => (
                          <tr key={i}>
                            <td data-label="Line">{e.line}</td>
                            <td data-label="Field">{e.field}</td>
                            <td data-label="Problem">{e.message}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </>
              )}
            </div>
          )}
        </>
      )}
      <Notice notice={notice} onDismiss={clear} />
    </section>
  );
}

/** Per updated row, each field the import would change, before and after. */
function ChangesTable({ changes }: { changes: ImportSummary["changes"] }) {
  return (
    <div className="table-scroll">
      <table className="data-table import-changes">
        <caption>What the import would change</caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Field</th>
            <th scope="col">Now</th>
            <th scope="col">After import</th>
          </tr>
        </thead>
        <tbody>
          {changes.flatMap((change) =>
            change.fields.map((f) => (
              <tr key={`${change.line}-${f.field}`}>
                <td data-label="Line">{change.line}</td>
                <td data-label="Field">{f.field}</td>
                <td data-label="Now">{f.before === "" ? <em>empty</em> : f.before}</td>
                <td data-label="After import">
                  {f.after === "" ? <strong>cleared</strong> : f.after}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
