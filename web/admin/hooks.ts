/** Small React hooks the admin screens share: loading data and showing notices. */
import { type DependencyList, useCallback, useEffect, useRef, useState } from "react";
import { messageOf } from "./api.ts";

export type Load<T> =
  | { state: "loading"; data?: T }
  | { state: "ready"; data: T }
  | { state: "error"; message: string; data?: T };

/**
 * Runs `load` on mount and whenever `deps` change; `reload()` runs it again while the
 * last data stays on screen. Answers that arrive after a newer request are dropped.
 */
export function useLoad<T>(
  load: () => Promise<T>,
  deps: DependencyList,
): [Load<T>, () => void] {
  const [result, setResult] = useState<Load<T>>({ state: "loading" });
  const [round, setRound] = useState(0);
  const latest = useRef(0);
  useEffect(() => {
    const ticket = ++latest.current;
    setResult((previous) => ({ state: "loading", data: previous.data }));
    load().then(
      (data) => {
        if (ticket === latest.current) setResult({ state: "ready", data });
      },
      (error) => {
        if (ticket === latest.current) {
          setResult((previous) => ({
            state: "error",
            message: messageOf(error),
            data: previous.data,
          }));
        }
      },
    );
    // `load` is read afresh on each run; `deps` say when to run.
  }, [...deps, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return [result, reload];
}

export interface NoticeState {
  kind: "success" | "failure";
  text: string;
  /** Changes with every notice, so that the same text is announced again. */
  key: number;
}

/** The page's current notice and the functions that set it. */
export function useNotice() {
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const counter = useRef(0);
  const success = useCallback(
    (text: string) => setNotice({ kind: "success", text, key: ++counter.current }),
    [],
  );
  const failure = useCallback(
    (text: string) => setNotice({ kind: "failure", text, key: ++counter.current }),
    [],
  );
  const clear = useCallback(() => setNotice(null), []);
  return { notice, success, failure, clear };
}

/** The notice of one row's action, by the row's id: see RowStatus. */
export function useRowNotice() {
  const [rowNotice, setRowNotice] = useState<(NoticeState & { id: number }) | null>(null);
  const counter = useRef(0);
  const rowSuccess = useCallback(
    (id: number, text: string) =>
      setRowNotice({ id, kind: "success", text, key: ++counter.current }),
    [],
  );
  const rowFailure = useCallback(
    (id: number, text: string) =>
      setRowNotice({ id, kind: "failure", text, key: ++counter.current }),
    [],
  );
  const clearRow = useCallback(() => setRowNotice(null), []);
  /** Once the admin changes a row again, its last result no longer applies. */
  const clearRowOf = useCallback(
    (id: number) => setRowNotice((notice) => notice?.id === id ? null : notice),
    [],
  );
  return { rowNotice, rowSuccess, rowFailure, clearRow, clearRowOf };
}

/** Waits for the admin to stop typing before searching. */
export function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
