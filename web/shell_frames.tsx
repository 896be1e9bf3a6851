/**
 * The frame of the storefront's pages, rendered once per language and kept: the header with
 * the store tabs, and the footer. Only the language switcher's links (this page in the
 * other languages) and a search's own header (its term in the search box) are rendered
 * with each page. The frame was most of a book page's render: 35 of its 60 µs, the footer
 * alone 15 (docs/benchmarks.md, item 29).
 *
 * Nothing outside an island is hydrated, so the frame's markup need only be the markup
 * React writes for it; `renderBody` with frames writes the same bytes as without
 * (shell_frames_test.tsx, over every kind of page, path and language).
 */
import { renderToString } from "react-dom/server";
import type { ReactNode } from "react";
import { headerPlace, ShellHeader } from "./components/Shell.tsx";
import { Footer } from "./components/Footer.tsx";
import { IslandCollector, type IslandRecord } from "./components/Island.tsx";
import { type I18n, I18nContext } from "./i18n/mod.ts";
import type { ShopInfo } from "../domain/shop.ts";

/** A part of a page as HTML, with the islands it holds in the order they appear. */
export interface RenderedPart {
  html: string;
  islands: IslandRecord[];
}

/** The frame's parts, each rendered once and kept for the next page. */
export interface ShellFrames {
  /**
   * The header and store tabs of `path` in a language, with `q` in the search box. Its
   * islands are numbered from 0: it must be the first part of a page that holds islands.
   */
  header(i18n: I18n, path: string, q: string | undefined): RenderedPart;
  /** The footer in a language for `shop` in `year`. */
  footer(i18n: I18n, shop: ShopInfo, year: number): string;
}

/** `node` as HTML in a language, its islands collected into `islands`. */
export function renderPart(i18n: I18n, node: ReactNode, islands: IslandRecord[]): string {
  return renderToString(
    <I18nContext.Provider value={i18n}>
      <IslandCollector.Provider value={islands}>{node}</IslandCollector.Provider>
    </I18nContext.Provider>,
  );
}

/**
 * A place to keep a storefront's frames: a header for each language and place (five
 * places: the Book Store, the Stationery Store, the account, the cart and checkout, and
 * every other page), a footer for each language and year. A search's header, which shows
 * its term, is rendered each time and not kept.
 */
export function shellFrames(): ShellFrames {
  const headers = new Map<string, RenderedPart>();
  const footers = new Map<string, { shop: ShopInfo; html: string }>();
  const renderHeader = (i18n: I18n, path: string, q: string | undefined): RenderedPart => {
    const islands: IslandRecord[] = [];
    return { html: renderPart(i18n, <ShellHeader path={path} q={q} />, islands), islands };
  };
  return {
    header(i18n, path, q) {
      if (q) return renderHeader(i18n, path, q);
      const key = `${i18n.language}|${headerPlace(path)}`;
      let kept = headers.get(key);
      if (!kept) {
        kept = renderHeader(i18n, path, q);
        headers.set(key, kept);
      }
      return kept;
    },
    footer(i18n, shop, year) {
      const key = `${i18n.language}|${year}`;
      let kept = footers.get(key);
      if (kept?.shop !== shop) {
        kept = { shop, html: renderPart(i18n, <Footer shop={shop} year={year} />, []) };
        footers.set(key, kept);
      }
      return kept.html;
    },
  };
}
