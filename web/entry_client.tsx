/**
 * The storefront's browser entry: hydrates each island on the page when it is needed
 * (`HYDRATE_WHEN` in web/islands/names.ts) with the props the server rendered it with.
 * It holds no React itself: React and an island's code (web/hydrate_island.tsx) load with
 * the first island to hydrate, so a page whose islands all wait runs a few lines at load.
 *
 * An island's state is on its element: `data-hydration="waiting"` until something asks for
 * it, `"loading"` while its code loads and React takes over, then `data-hydrated="true"`.
 * Until then the server's HTML works as it does without scripts; a press, focus or key
 * inside a waiting island starts its hydration, and a press on a button (or a form sent)
 * meanwhile is held and done again once React answers it, as are fields changed meanwhile.
 */
import {
  HYDRATE_WHEN,
  ISLAND_DATA_ID,
  ISLAND_NAMES,
  type IslandName,
  PAGE_WORDS_ID,
} from "./islands/names.ts";
import { CART_CHANGED_EVENT, CART_STORAGE_KEY } from "./lib/cart_key.ts";
import { hasSession } from "./lib/session_key.ts";
import type { IslandRecord } from "./hydrate_island.tsx";

/** The JSON of one of the page's data scripts, or undefined when the page has none. */
function pageJson<T>(id: string): T | undefined {
  const script = document.getElementById(id);
  return script?.textContent ? JSON.parse(script.textContent) as T : undefined;
}

/** Whether the stored cart holds a line (the header's count then shows at once). */
function cartHoldsSomething(): boolean {
  try {
    const lines = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? "[]");
    return Array.isArray(lines) && lines.length > 0;
  } catch {
    return false;
  }
}

type FormField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Tells React of the fields changed before it took over: each is set back to what the server
 * rendered through React's own setter, then to the shopper's value by the browser's, and an
 * input (or change) event sent, so the island's state takes what the shopper typed or chose.
 */
function replayFields(fields: Map<FormField, string | boolean>): void {
  for (const [field, value] of fields) {
    if (!field.isConnected) continue;
    if (field instanceof HTMLSelectElement) {
      field.value = String(value);
      field.dispatchEvent(new Event("change", { bubbles: true }));
    } else if (typeof value === "boolean") {
      // A click sets the box as the shopper left it, and React hears it; a radio button
      // that was left unchecked is the other one's to tell.
      if (!value && (field as HTMLInputElement).type === "radio") continue;
      (field as HTMLInputElement).checked = !value;
      field.click();
    } else {
      const proto = field instanceof HTMLTextAreaElement
        ? HTMLTextAreaElement.prototype
        : HTMLInputElement.prototype;
      field.value = field.defaultValue;
      Object.getOwnPropertyDescriptor(proto, "value")?.set?.call(field, value);
      field.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }
}

function fieldValue(field: FormField): string | boolean {
  return field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")
    ? field.checked
    : field.value;
}

let react: Promise<typeof import("./hydrate_island.tsx")> | undefined;
/** Islands waiting for the page's first other island to bring React (`cart`). */
const withReact: (() => void)[] = [];

function start(): void {
  const records = pageJson<IslandRecord[]>(ISLAND_DATA_ID) ?? [];
  if (records.length === 0) return;
  // The page's words are read with the first island to hydrate, not at load.
  const page = {
    language: document.documentElement.lang,
    get words() {
      return pageJson<Record<string, string>>(PAGE_WORDS_ID) ?? {};
    },
  };

  for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const record = records[Number(element.dataset.islandIndex)];
    const name = element.dataset.island as IslandName;
    if (!record || record.name !== name || !ISLAND_NAMES.includes(name)) continue;
    element.dataset.hydration = "waiting";

    const held: (() => void)[] = [];
    const changed = new Map<FormField, string | boolean>();
    const hydrate = () => {
      if (element.dataset.hydration !== "waiting") return;
      element.dataset.hydration = "loading";
      const first = !react;
      react ??= import("./hydrate_island.tsx");
      react
        .then(({ hydrateIsland }) =>
          hydrateIsland(element, record, page, () => {
            element.dataset.hydration = "done";
            element.dataset.hydrated = "true";
            for (const event of USED) element.removeEventListener(event, hydrate, true);
            element.removeEventListener("click", holdClick, true);
            element.removeEventListener("submit", holdSubmit, true);
            element.removeEventListener("change", noteField, true);
            element.removeEventListener("input", noteField, true);
            replayFields(changed);
            for (const again of held.splice(0)) again();
          })
        )
        .catch((error) => console.error("Could not start the page's islands", error));
      if (first) { for (const other of withReact.splice(0)) other(); }
    };
    // A press on a button, or a form sent, before React answers: held, done again after.
    // A link is left to the browser (it works without scripts).
    const holdClick = (event: Event) => {
      const target = event.target as Element;
      if (target.closest("a[href]")) return;
      const button = target.closest<HTMLElement>(
        "button, [role=button], input[type=submit], input[type=button]",
      );
      if (!button) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      hydrate();
      held.push(() => button.click());
    };
    const holdSubmit = (event: Event) => {
      const form = event.target as HTMLFormElement;
      event.preventDefault();
      event.stopImmediatePropagation();
      hydrate();
      held.push(() => form.requestSubmit());
    };
    const noteField = (event: Event) => {
      const field = event.target as FormField;
      if (field.form !== undefined) changed.set(field, fieldValue(field));
      hydrate();
    };
    for (const event of USED) {
      element.addEventListener(event, hydrate, { capture: true, passive: true });
    }
    element.addEventListener("click", holdClick, true);
    element.addEventListener("submit", holdSubmit, true);
    element.addEventListener("change", noteField, true);
    element.addEventListener("input", noteField, true);

    const when = record.when ?? HYDRATE_WHEN[name];
    const drawn = when === "drawn" || when === "drawn-account" || when === "empty";
    // What the server drew from the cart's cookie is not the stored cart: the cookie outlived
    // the cart, or (empty) the cart was stored without its cookie.
    const notAsDrawn = drawn && cartHoldsSomething() === (when === "empty");
    if (
      when === "load" || (when === "cart" && cartHoldsSomething()) || notAsDrawn ||
      (when === "drawn-account" && hasSession())
    ) hydrate();
    else if (when === "visible") {
      const seen = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          seen.disconnect();
          hydrate();
        }
      });
      // An island's own box is `display: contents` (none to see): its children are watched.
      for (const child of element.children.length > 0 ? element.children : [element]) {
        seen.observe(child);
      }
    } else if (when === "cart" || drawn) {
      if (when === "cart") withReact.push(hydrate);
      addEventListener(CART_CHANGED_EVENT, hydrate, { once: true });
      addEventListener("storage", (event) => {
        if (event.key === CART_STORAGE_KEY || event.key === null) hydrate();
      });
    }
  }
  if (react) { for (const other of withReact.splice(0)) other(); }
}

/** What starts a waiting island: the first press, focus or key inside it. */
const USED = ["pointerdown", "focusin", "keydown"] as const;

start();
