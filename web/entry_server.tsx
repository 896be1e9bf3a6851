/**
 * The server-render entry, built by Vite into dist/server/entry_server.js and imported
 * by http/pages. Renders a page's body with the shell, collects its islands, and wraps
 * both in the HTML document.
 */
import { ADMIN_WORDS_ID } from "./admin/audit/audit_language.ts";
import { type IslandRecord, scriptSafeJson } from "./components/Island.tsx";
import { Shell, ShellStart } from "./components/Shell.tsx";
import { renderPart, type ShellFrames } from "./shell_frames.tsx";
import { documentHtml } from "./pages/document.ts";
import { pageHead } from "./pages/head.ts";
import { BookPage } from "./pages/BookPage.tsx";
import {
  ErrorPage,
  NotFoundPage,
  PrivacyPage,
  TermsPage,
  WrittenPageView,
} from "./pages/InfoPages.tsx";
import { BookStorePage, StationeryStorePage } from "./pages/ListPages.tsx";
import { CartPage, CheckoutPage, RegisterPage } from "./pages/StorePages.tsx";
import { GiftVoucherPage, OrderPage, TrackPage } from "./pages/OrderPages.tsx";
import {
  AccountPage,
  LoginPage,
  ResetPasswordPage,
  StockAlertStopPage,
  VerifyEmailPage,
} from "./pages/AccountPages.tsx";
import type { PageAssets, PageContext, PageModel } from "./pages/model.ts";
import type { ShopInfo } from "../domain/shop.ts";
import type { IslandName } from "./islands/names.ts";
import { i18nFor } from "./i18n/mod.ts";
// The server renders every language: all their words are at hand from the start.
import { CATALOGUES } from "./i18n/catalogues.ts";
import { pageWords } from "./i18n/page_words.ts";
import type { WordIndex } from "./i18n/word_keys.ts";
import { type Locale, SHOP_LANGUAGES } from "../domain/i18n/language.ts";
import { localizeHead } from "./pages/head.ts";
import { ServerOrderSummary } from "./components/server_order_summary.ts";
import { OrderSummary } from "./components/OrderSummary.tsx";
export type { PageAssets, PageContext, PageModel } from "./pages/model.ts";
export type { HydrateWhen, IslandName } from "./islands/names.ts";
export { HYDRATE_WHEN } from "./islands/names.ts";
export type { WordIndex } from "./i18n/word_keys.ts";

function PageBody({ model, shop }: { model: PageModel; shop: ShopInfo }) {
  switch (model.kind) {
    case "books":
      return <BookStorePage list={model.list} />;
    case "stationery":
      return <StationeryStorePage list={model.list} />;
    case "book":
      return (
        <BookPage
          book={model.book}
          category={model.category}
          shelf={model.shelf}
          bank={model.bank}
          maxPerLine={model.maxPerLine}
          preorderMethods={model.preorderMethods}
        />
      );
    case "cart":
      return <CartPage maxPerLine={model.maxPerLine} drawn={model.drawn} />;
    case "checkout":
      // A checkout drawn from the cart's cookie shows its summary in the HTML.
      return (
        <ServerOrderSummary.Provider value={OrderSummary}>
          <CheckoutPage
            provinces={model.provinces}
            bank={model.bank}
            maxPerLine={model.maxPerLine}
            feeRules={model.feeRules}
            holdRules={model.holdRules}
            methods={model.methods}
            drawn={model.drawn}
          />
        </ServerOrderSummary.Provider>
      );
    case "register":
      return <RegisterPage />;
    case "order":
      return (
        <OrderPage
          order={model.order}
          orderKey={model.orderKey}
          bank={model.bank}
          cardPayment={model.cardPayment}
          cardCancelled={model.cardCancelled}
          cardReturned={model.cardReturned}
          parcels={model.parcels}
        />
      );
    case "track":
      return <TrackPage />;
    case "gift_voucher":
      return <GiftVoucherPage />;
    case "login":
      return <LoginPage />;
    case "account":
      return <AccountPage provinces={model.provinces} />;
    case "reset_password":
      return <ResetPasswordPage />;
    case "stock_alert_stop":
      return <StockAlertStopPage token={model.token} />;
    case "verify_email":
      return <VerifyEmailPage token={model.token} />;
    case "privacy":
      return model.written ? <WrittenPageView page={model.written} /> : <PrivacyPage shop={shop} />;
    case "terms":
      return model.written ? <WrittenPageView page={model.written} /> : (
        <TermsPage
          shop={shop}
          holdRules={model.holdRules}
          methods={model.methods}
        />
      );
    case "owner_page":
      return <WrittenPageView page={model.written} />;
    case "not_found":
      return <NotFoundPage />;
    case "error":
      return <ErrorPage />;
  }
}

/**
 * A page's body: the frame (header, tabs, footer) around the page's own content, and the
 * islands it holds, so the server can preload their code. With `frames`, the frame's parts
 * are rendered once and kept (web/shell_frames.tsx); the markup is the same either way.
 */
export function renderBody(
  model: PageModel,
  ctx: Omit<PageContext, "assets">,
  frames?: ShellFrames,
): {
  html: string;
  islands: IslandRecord[];
} {
  const i18n = i18nFor(ctx.language ?? "en");
  const islands: IslandRecord[] = [];
  const body = <PageBody model={model} shop={ctx.shop} />;
  if (!frames) {
    const shell = (
      <Shell shop={ctx.shop} path={ctx.path} search={ctx.search ?? ""} q={ctx.q} year={ctx.year}>
        {body}
      </Shell>
    );
    return { html: renderPart(i18n, shell, islands), islands };
  }
  // The start holds no island, so the header's, numbered from 0, come first.
  const start = renderPart(i18n, <ShellStart path={ctx.path} search={ctx.search ?? ""} />, []);
  const header = frames.header(i18n, ctx.path, ctx.q);
  islands.push(...header.islands);
  const main = renderPart(i18n, body, islands);
  const footer = frames.footer(i18n, ctx.shop, ctx.year);
  return {
    html: `${start}${header.html}<main id="main" class="page">${main}</main>${footer}`,
    islands,
  };
}

/**
 * A whole storefront page as HTML. `assetsFor` gets the islands on the page (and those of
 * them rendered to wait, whatever `HYDRATE_WHEN` says) and answers the scripts, styles and
 * preloads to link.
 */
export function renderPage(
  model: PageModel,
  ctx: Omit<PageContext, "assets">,
  assetsFor: (islands: IslandName[], waiting: IslandName[]) => PageAssets,
  frames?: ShellFrames,
): string {
  const { html, islands } = renderBody(model, ctx, frames);
  const i18n = i18nFor(ctx.language ?? "en");
  const names = [...new Set(islands.map((i) => i.name))];
  // Islands rendered to wait (`when`, such as a cart the server drew) though their kind loads.
  const waiting = names.filter((name) =>
    islands.every((i) => i.name !== name || (i.when !== undefined && i.when !== "load"))
  );
  const assets = assetsFor(names, waiting);
  return documentHtml({
    lang: i18n.language,
    head: localizeHead(pageHead(model, ctx.shop, i18n), ctx.shop, i18n.language),
    assets,
    bodyHtml: html,
    islandJson: islands.length > 0 ? scriptSafeJson(islands) : undefined,
  });
}

/**
 * The words a page with `islands` hands the browser in `language`, as script-safe JSON
 * for `PageAssets.words` (web/i18n/page_words.ts); none without an island.
 */
export function pageWordsJson(
  index: WordIndex,
  language: Locale,
  islands: readonly IslandName[],
): string | undefined {
  if (islands.length === 0) return undefined;
  return scriptSafeJson(pageWords(CATALOGUES[language], language, index, islands));
}

/** The admin area's shell: the admin island mounts itself into #admin-root. */
/**
 * The audit trail's words in every language (the catalogues' `audit.*` keys), carried by the
 * admin page so that the owner reads the trail in the language they chose
 * (web/admin/audit/audit_language.ts) with no catalogue in the admin's scripts.
 */
const ADMIN_WORDS_JSON = JSON.stringify(
  Object.fromEntries(
    SHOP_LANGUAGES.map((language) => [
      language,
      Object.fromEntries(
        Object.entries(CATALOGUES[language]).filter(([key, text]) =>
          key.startsWith("audit.") && typeof text === "string"
        ),
      ),
    ]),
  ),
).replace(/</g, "\\u003c");

export function renderAdminShell(shop: ShopInfo, assets: PageAssets): string {
  return documentHtml({
    head: { title: `Admin Dashboard | ${shop.name}`, description: "Pothgula administration." },
    assets,
    bodyHtml:
      `<div id="admin-root"></div><script type="application/json" id="${ADMIN_WORDS_ID}">${ADMIN_WORDS_JSON}</script><noscript>The admin area needs JavaScript.</noscript>`,
  });
}

export { type ShellFrames, shellFrames } from "./shell_frames.tsx";
export { bookFilter, catalogueSort, pageRequest, parseListQuery } from "./lib/list_query.ts";
