/**
 * React's half of the storefront's browser entry (web/entry_client.tsx loads it when the
 * page's first island is to hydrate): hydrates one island with the props the server
 * rendered it with, in the page's language.
 */
import { createElement, type ReactNode, startTransition, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { addCatalogue, type I18n, I18nContext, i18nFor, type Words } from "./i18n/mod.ts";
import { type Locale, SHOP_LANGUAGES } from "../domain/i18n/language.ts";
import type { HydrateWhen, IslandName } from "./islands/names.ts";
import { ISLAND_LOADERS } from "./islands/registry.ts";

export interface IslandRecord {
  name: IslandName;
  props: Record<string, unknown>;
  /** When the island hydrates, where the server said otherwise than `HYDRATE_WHEN`. */
  when?: HydrateWhen;
}

/**
 * Calls `done` once React has hydrated its island: from then on the island answers what is
 * typed into it (an input changed before that is not seen by React).
 */
function MarkHydrated(
  { done, children }: { done: () => void; children?: ReactNode },
): ReactNode {
  useEffect(done, [done]);
  return children;
}

let i18n: I18n | undefined;

/** The language the server rendered the page in (`<html lang>`), so hydration matches it. */
function localeOf(lang: string): Locale {
  return (SHOP_LANGUAGES as readonly string[]).includes(lang) ? lang as Locale : "en";
}

/** The page's words (page_words.ts), read once, in the language the server rendered. */
function pageI18n(lang: string, words: () => Words): I18n {
  if (!i18n) {
    const language = localeOf(lang);
    addCatalogue(language, words());
    i18n = i18nFor(language);
  }
  return i18n;
}

/**
 * Hydrates `element` with its island's component; `done` runs once React has committed it.
 * In a transition, so that React yields to the browser between pieces of the work instead
 * of holding the main thread for the whole island.
 */
export async function hydrateIsland(
  element: HTMLElement,
  record: IslandRecord,
  page: { language: string; words: Words },
  done: () => void,
): Promise<void> {
  const component = await ISLAND_LOADERS[record.name]();
  const words = pageI18n(page.language, () => page.words);
  startTransition(() => {
    hydrateRoot(
      element,
      createElement(
        MarkHydrated,
        { done },
        createElement(
          I18nContext.Provider,
          { value: words },
          createElement(component, record.props),
        ),
      ),
    );
  });
}
