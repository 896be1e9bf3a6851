/**
 * A catalogue list whose state lives in the URL: a change pushes a history entry and
 * loads the page from the API; the back button restores the state it left.
 */
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "./error_message.ts";
import { type ListQuery, listSearch, parseListQuery } from "./list_query.ts";

export interface Listing<P> {
  query: ListQuery;
  /** The page shown (a catalogue page, with a search's help when it found nothing). */
  page: P;
  loading: boolean;
  error?: string;
  navigate: (next: ListQuery) => void;
  /** The results' element: brought into view on a phone once a filter change has loaded. */
  resultsRef: RefObject<HTMLElement | null>;
}

/** Below this width the filters sit above the results and push them out of sight. */
const PHONE = "(max-width: 767.98px)";

export function useListing<P>(
  path: string,
  initial: { query: ListQuery; page: P },
  load: (query: ListQuery, signal: AbortSignal) => Promise<P>,
): Listing<P> {
  const [query, setQuery] = useState(initial.query);
  const [page, setPage] = useState(initial.page);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const current = useRef<AbortController | null>(null);
  const resultsRef = useRef<HTMLElement | null>(null);
  const reveal = useRef(false);

  useEffect(() => {
    if (loading || !reveal.current) return;
    reveal.current = false;
    if (globalThis.matchMedia?.(PHONE).matches) {
      resultsRef.current?.scrollIntoView({ block: "start", behavior: "smooth" });
    }
  }, [loading, page]);

  const fetchPage = useCallback((next: ListQuery) => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setQuery(next);
    setLoading(true);
    setError(undefined);
    load(next, controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        setPage(result);
        setLoading(false);
      },
      (err) => {
        if (controller.signal.aborted) return;
        setError(errorMessage(err));
        setLoading(false);
      },
    );
  }, [load]);

  useEffect(() => {
    const onPop = () => {
      if (location.pathname === path) {
        fetchPage(parseListQuery(new URLSearchParams(location.search)));
      }
    };
    addEventListener("popstate", onPop);
    return () => removeEventListener("popstate", onPop);
  }, [fetchPage, path]);

  const navigate = useCallback((next: ListQuery) => {
    history.pushState(null, "", `${path}${listSearch(next)}`);
    fetchPage(next);
    // Paging (to any page, page 1 included) goes to the top of the list; a filter change
    // brings the results into view instead.
    const samePick = listSearch({ ...next, page: 1 }) === listSearch({ ...query, page: 1 });
    if (samePick && next.page !== query.page) {
      globalThis.scrollTo?.({ top: 0, behavior: "smooth" });
    } else reveal.current = true;
  }, [fetchPage, path, query]);

  return { query, page, loading, error, navigate, resultsRef };
}
