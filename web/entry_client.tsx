/**
 * The storefront's browser entry: hydrates every island on the page with the props the
 * server rendered it with (one JSON script), loading each island's code on demand.
 */
import { createElement, type ReactNode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { ISLAND_DATA_ID, type IslandName, PAGE_WORDS_ID } from "./islands/names.ts";
import { ISLAND_LOADERS } from "./islands/registry.ts";
import { addCatalogue, I18nContext, i18nFor, type Words } from "./i18n/mod.ts";
import { type Locale, SHOP_LANGUAGES } from "../domain/i18n/language.ts";

/** The language the server rendered the page in (`<html lang>`), so hydration matches it. */
function pageLanguage(): Locale {
  const lang = document.documentElement.lang;
  return (SHOP_LANGUAGES as readonly string[]).includes(lang) ? lang as Locale : "en";
}

interface IslandRecord {
  name: IslandName;
  props: Record<string, unknown>;
}

/** The JSON of one of the page's data scripts, or undefined when the page has none. */
function pageJson<T>(id: string): T | undefined {
  const script = document.getElementById(id);
  return script?.textContent ? JSON.parse(script.textContent) as T : undefined;
}

/**
 * Marks its island `data-hydrated` once React has hydrated it: from then on the island
 * answers what is typed into it (an input changed before that is not seen by React).
 */
function MarkHydrated(
  { element, children }: { element: HTMLElement; children?: ReactNode },
): ReactNode {
  useEffect(() => {
    element.dataset.hydrated = "true";
  }, [element]);
  return children;
}

async function hydrateAll(): Promise<void> {
  const records = pageJson<IslandRecord[]>(ISLAND_DATA_ID) ?? [];
  if (records.length === 0) return;
  // The words the page's islands use, in its language, come with the page (page_words.ts).
  const language = pageLanguage();
  addCatalogue(language, pageJson<Words>(PAGE_WORDS_ID) ?? {});
  const i18n = i18nFor(language);
  const elements = document.querySelectorAll<HTMLElement>("[data-island]");
  await Promise.all([...elements].map(async (element) => {
    const record = records[Number(element.dataset.islandIndex)];
    const load = record ? ISLAND_LOADERS[record.name] : undefined;
    if (!record || !load || record.name !== element.dataset.island) return;
    const component = await load();
    hydrateRoot(
      element,
      createElement(
        MarkHydrated,
        { element },
        createElement(
          I18nContext.Provider,
          { value: i18n },
          createElement(component, record.props),
        ),
      ),
    );
  }));
}

hydrateAll().catch((error) => console.error("Could not start the page's islands", error));
