/**
 * The author filter. Thousands of authors would weigh down every listing page (5,000 of
 * them were 45 KB of its gzipped HTML and most of its hydration time), so the page carries
 * none: the server renders a plain text box (an exact author name filters without any
 * script), and in the browser it becomes a select whose names are fetched from
 * GET /api/books/authors once the page is idle, or at once when the shopper reaches for it.
 * The names go into the select as plain DOM options: thousands of them through React's
 * reconciliation blocked a throttled phone's main thread for about 2 s (Lighthouse).
 */
import { useEffect, useRef, useState } from "react";
import { listingApi } from "../lib/listing_calls.ts";
import { whenIdle } from "../lib/when_idle.ts";
import { useI18n } from "../i18n/mod.ts";

export interface AuthorFieldProps {
  /** The author filtered by, if any. */
  value?: string;
  onChange?: (author: string | undefined) => void;
}

/**
 * The option React renders besides "All": the current author until the listed names hold
 * it, and for good when they lack it (a name typed into the URL).
 */
export function currentOption(listed: string[] | undefined, value: string | undefined): string[] {
  if (!value) return [];
  return listed?.includes(value) ? [] : [value];
}

/** Options added in one go: each batch stays well under a 50 ms task on a slow phone. */
const BATCH = 250;

/**
 * Appends the names as options after React's own, a batch at a time while the browser is
 * idle, then calls `done`; returns how to stop and take them out again.
 */
function appendOptions(select: HTMLSelectElement, names: string[], done: () => void): () => void {
  const added: HTMLOptionElement[] = [];
  let next = 0;
  let cancel = () => {};
  const batch = () => {
    const fragment = document.createDocumentFragment();
    for (const name of names.slice(next, next + BATCH)) {
      const option = new Option(name, name);
      added.push(option);
      fragment.append(option);
    }
    next += BATCH;
    select.append(fragment);
    if (next < names.length) cancel = whenIdle(batch);
    else done();
  };
  batch();
  return () => {
    cancel();
    added.forEach((option) => option.remove());
  };
}

export function AuthorField({ value, onChange }: AuthorFieldProps) {
  const { t } = useI18n();
  // The server's markup is the text box: the first render in the browser must match it.
  const [enhanced, setEnhanced] = useState(false);
  const [authors, setAuthors] = useState<string[] | undefined>(undefined);
  const [wanted, setWanted] = useState(false);
  /** Every loaded name is in the select (the batches are done). */
  const [listed, setListed] = useState(false);
  const selectRef = useRef<HTMLSelectElement>(null);

  useEffect(() => setEnhanced(true), []);
  useEffect(() => {
    if (!enhanced || authors) return;
    const controller = new AbortController();
    const load = () => {
      listingApi().then((api) => api.loadAuthors(controller.signal))
        .then(setAuthors)
        .catch(() => {
          // The select keeps "All" and the current author; the next reach for it retries.
        });
    };
    if (wanted) {
      load();
      return () => controller.abort();
    }
    const cancel = whenIdle(load);
    return () => {
      cancel();
      controller.abort();
    };
  }, [enhanced, wanted, authors]);
  useEffect(() => {
    const select = selectRef.current;
    if (!select || !authors) return;
    return appendOptions(select, authors, () => setListed(true));
  }, [enhanced, authors]);
  useEffect(() => {
    // React's own option for the author goes once the list has it: select the listed one.
    if (listed && selectRef.current) selectRef.current.value = value ?? "";
  }, [listed, value]);

  if (!enhanced) {
    return (
      <div className="field">
        <label htmlFor="filter-author">{t("filters.author")}</label>
        <input
          id="filter-author"
          name="author"
          type="text"
          defaultValue={value ?? ""}
          autoComplete="off"
          maxLength={200}
        />
      </div>
    );
  }
  const reach = () => setWanted(true);
  return (
    <div className="field">
      <label htmlFor="filter-author">{t("filters.author")}</label>
      <select
        ref={selectRef}
        id="filter-author"
        name="author"
        value={value ?? ""}
        aria-busy={authors === undefined}
        onFocus={reach}
        onPointerDown={reach}
        onChange={(e) => onChange?.(e.currentTarget.value || undefined)}
      >
        <option value="">{t("filters.all")}</option>
        {currentOption(listed ? authors : undefined, value).map((a) => (
          <option key={a} value={a}>{a}</option>
        ))}
      </select>
    </div>
  );
}
