/**
 * The storefront's browser entry: hydrates every island on the page with the props the
 * server rendered it with (one JSON script), loading each island's code on demand.
 */
import { createElement, type ReactNode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { ISLAND_DATA_ID, type IslandName } from "./islands/names.ts";
import { ISLAND_LOADERS } from "./islands/registry.ts";
import { I18nContext, i18nFor, loadCatalogue } from "./i18n/mod.ts";
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

function islandData(): IslandRecord[] {
  const script = document.getElementById(ISLAND_DATA_ID);
  if (!script?.textContent) return [];
  return JSON.parse(script.textContent) as IslandRecord[];
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
  const records = islandData();
  // A Sinhala or Tamil page's words come in a file of their own (preloaded by the page).
  const language = pageLanguage();
  await loadCatalogue(language);
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
