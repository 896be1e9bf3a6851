/**
 * The storefront's Vite build: client bundles (storefront islands, admin island, the
 * stylesheet) with a manifest, and the server-render bundle the HTTP layer imports.
 * `deno task build` (scripts/build_web.ts) runs both; `deno run -A npm:vite build` builds
 * the client alone and `deno run -A npm:vite build --ssr` the server bundle.
 */
import { existsSync } from "node:fs";
import { defineConfig, type InlineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
// web/styles/app.css bundles the Sinhala and Tamil faces of these packages (Vite reads the
// CSS, Deno does not): importing their manifests here puts them in the module graph, so that
// the shop's own install (deno.start.lock) has them for the first start's build.
import "@fontsource/noto-sans-sinhala/package.json" with { type: "json" };
import "@fontsource/noto-sans-tamil/package.json" with { type: "json" };
import { IntlMessageFormat } from "intl-messageformat";
import { languageNameFaces } from "./scripts/language_name_faces.ts";
import { INTL_LOCALE, type Locale, SHOP_LANGUAGES } from "./domain/i18n/language.ts";
import { isPlainText } from "./web/i18n/plain_text.ts";

const ROOT = new URL(".", import.meta.url).pathname;

const SERVER_ONLY_KINDS = ["mail", "slip", "sms"];
const wordsOf = (kinds: string[]) => new RegExp(`^(${kinds.join("|")})\\.`);

/** The words only the server writes (mails, order slips, texts): kept out of the web bundles. */
export const SERVER_ONLY_WORDS = wordsOf(SERVER_ONLY_KINDS);

/**
 * The words the browser never writes: the server's own, and those of what the server
 * renders with no island to hydrate (the document's head, the privacy and terms pages).
 */
export const BROWSERLESS_WORDS = wordsOf([...SERVER_ONLY_KINDS, "head", "privacy", "terms"]);

/** A language's catalogue, its language named by the file. */
const CATALOGUE_FILE = /\/messages\/([a-z]{2})\.json$/;

/**
 * Leaves the mails' and slips' words (or others: `left`) out of messages/*.json where the
 * web code imports them: every page would otherwise carry them to the browser in three
 * languages, and the server's renderer in its bundle, though no page ever shows them.
 */
export function serverWordsOut(left: RegExp = SERVER_ONLY_WORDS): Plugin {
  return {
    name: "pothgula:server-words-out",
    enforce: "pre",
    transform(code, id) {
      if (!CATALOGUE_FILE.test(id.split("?")[0])) return null;
      const words = JSON.parse(code) as Record<string, string>;
      const kept = Object.entries(words).filter(([key]) => !left.test(key));
      return { code: JSON.stringify(Object.fromEntries(kept)), map: null };
    },
  };
}

/**
 * Hands the browser each message already parsed (intl-messageformat's own parse, as its
 * constructor makes it for the file's language), so the client bundles can leave the ICU
 * parser out (`PARSER_LEFT_OUT`): FormatJS's advice for bundle size (docs/benchmarks.md,
 * item 25). A message of plain text stays text, written as it is (web/i18n/mod.ts). The
 * server render keeps the files' text.
 */
export function compiledWords(): Plugin {
  return {
    name: "pothgula:compiled-words",
    enforce: "pre",
    transform(code, id) {
      const language = CATALOGUE_FILE.exec(id.split("?")[0])?.[1] as Locale | undefined;
      if (!language || !SHOP_LANGUAGES.includes(language)) return null;
      const words = JSON.parse(code) as Record<string, string>;
      const compiled = Object.entries(words).map(([key, text]) => [
        key,
        isPlainText(text) ? text : new IntlMessageFormat(text, INTL_LOCALE[language]).getAst(),
      ]);
      return { code: JSON.stringify(Object.fromEntries(compiled)), map: null };
    },
  };
}

/**
 * intl-messageformat's parser swapped for FormatJS's own stand-in without it: every
 * message the browser formats comes parsed (`compiledWords`).
 */
export const PARSER_LEFT_OUT = {
  find: /^@formatjs\/icu-messageformat-parser$/,
  replacement: "@formatjs/icu-messageformat-parser/no-parser.js",
};

/** The client entries; the admin one is included once its author has created it. */
export function clientInputs(root = ROOT): Record<string, string> {
  const inputs: Record<string, string> = {
    storefront: `${root}web/entry_client.tsx`,
    styles: `${root}web/styles/app.css`,
  };
  const admin = `${root}web/admin/main.tsx`;
  if (existsSync(admin)) inputs.admin = admin;
  return inputs;
}

/** Hashed client bundles under dist/client/assets, described by dist/client/.vite/manifest.json. */
export function clientConfig(root = ROOT): InlineConfig {
  return {
    root,
    configFile: false,
    logLevel: "warn",
    plugins: [
      serverWordsOut(BROWSERLESS_WORDS),
      compiledWords(),
      languageNameFaces(root),
      react(),
    ],
    resolve: { alias: [PARSER_LEFT_OUT] },
    publicDir: `${root}web/public`,
    build: {
      outDir: `${root}dist/client`,
      emptyOutDir: true,
      manifest: true,
      sourcemap: false,
      target: "es2022",
      // A font stays a file of its own, fetched only by a page whose text needs it: inlined,
      // even a small one would weigh on the stylesheet every page waits for.
      assetsInlineLimit: (file) => file.endsWith(".woff2") ? false : undefined,
      rollupOptions: { input: clientInputs(root) },
    },
  };
}

/** The server-render bundle dist/server/entry_server.js (npm packages stay external). */
export function serverConfig(root = ROOT): InlineConfig {
  return {
    root,
    configFile: false,
    logLevel: "warn",
    plugins: [serverWordsOut(), react()],
    publicDir: false,
    build: {
      ssr: `${root}web/entry_server.tsx`,
      outDir: `${root}dist/server`,
      emptyOutDir: true,
      target: "es2022",
      rollupOptions: { output: { entryFileNames: "entry_server.js" } },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => isSsrBuild ? serverConfig() : clientConfig());
