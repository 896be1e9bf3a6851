/** A tiny router on the History API: the current path as state, and navigation without reloads. */
import { useEffect, useState } from "react";

const NAVIGATED = "admin:navigate";

/** Goes to `path` without reloading; `replace` keeps the back button from returning here. */
export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (globalThis.location.pathname === path) return;
  if (options.replace) globalThis.history.replaceState(null, "", path);
  else globalThis.history.pushState(null, "", path);
  globalThis.dispatchEvent(new Event(NAVIGATED));
}

/** The current path, following pushState navigation and the back and forward buttons. */
export function usePath(): string {
  const [path, setPath] = useState(() => globalThis.location.pathname);
  useEffect(() => {
    const update = () => setPath(globalThis.location.pathname);
    globalThis.addEventListener("popstate", update);
    globalThis.addEventListener(NAVIGATED, update);
    return () => {
      globalThis.removeEventListener("popstate", update);
      globalThis.removeEventListener(NAVIGATED, update);
    };
  }, []);
  return path;
}
