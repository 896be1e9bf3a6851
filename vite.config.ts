/**
 * The storefront's Vite build: client bundles (storefront islands, admin island, the
 * stylesheet) with a manifest, and the server-render bundle the HTTP layer imports.
 * `deno task build` (scripts/build_web.ts) runs both; `deno run -A npm:vite build` builds
 * the client alone and `deno run -A npm:vite build --ssr` the server bundle.
 */
import { existsSync, readFileSync } from "node:fs";
import { defineConfig, type InlineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
// web/styles/app.css bundles the Sinhala and Tamil faces of these packages (Vite reads the
// CSS, Deno does not): importing their manifests here puts them in the module graph, so that
// the shop's own install (deno.start.lock) has them for the first start's build.
import "@fontsource/noto-sans-sinhala/package.json" with { type: "json" };
import "@fontsource/noto-sans-tamil/package.json" with { type: "json" };
import { languageNameFaces } from "./scripts/language_name_faces.ts";
import { wordIndex } from "./web/i18n/word_keys.ts";

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
 * web code imports them: the server's renderer would otherwise carry them in its bundle,
 * though no page ever shows them. The browser's code imports no catalogue at all (a page
 * carries its islands' words: `islandWords`).
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
 * Writes which words each island's built code can ask for (web/i18n/word_keys.ts) beside
 * the manifest, in dist/client/.vite/words.json: a page carries the words of its islands
 * (web/i18n/page_words.ts) and no catalogue comes with the scripts (docs/benchmarks.md,
 * item 39). The keys are the English catalogue's as the build finds it, less those only
 * the server writes, so a word added to messages/*.json is found by the next build.
 */
export function islandWords(root = ROOT): Plugin {
  return {
    name: "pothgula:island-words",
    generateBundle(_options, bundle) {
      const english = JSON.parse(readFileSync(`${root}messages/en.json`, "utf8"));
      const keys = Object.keys(english).filter((key) => !BROWSERLESS_WORDS.test(key));
      const chunks = Object.values(bundle).filter((output) => output.type === "chunk");
      const index = wordIndex(chunks, keys, {
        entryId: `${root}web/entry_client.tsx`,
        islandsDir: `${root}web/islands/`,
        hydrationId: `${root}web/hydrate_island.tsx`,
      });
      this.emitFile({ type: "asset", fileName: ".vite/words.json", source: JSON.stringify(index) });
    },
  };
}

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

/**
 * The chunks Vite's loader fetches beside a dynamically imported one: none for what the
 * storefront's entry and its React half (web/hydrate_island.tsx) load: a page preloads the
 * code of the islands it hydrates at load (http/pages/assets.ts), and the list of every
 * island's chunks was a kilobyte of gzip in the first script (docs/benchmarks.md, item 39;
 * an island that waits to be used fetches its imports once its own chunk is read).
 * Code loaded later (a form's checks, a list's calls, the admin's pages) keeps its list.
 */
export function islandsPreloadedByPage(
  _file: string,
  deps: string[],
  { hostId }: { hostId: string },
): string[] {
  return /^assets\/(storefront|hydrate_island)-[\w-]+\.js$/.test(hostId) ? [] : deps;
}

/** Hashed client bundles under dist/client/assets, described by dist/client/.vite/manifest.json. */
export function clientConfig(root = ROOT): InlineConfig {
  return {
    root,
    configFile: false,
    logLevel: "warn",
    plugins: [islandWords(root), languageNameFaces(root), react()],
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
      modulePreload: { resolveDependencies: islandsPreloadedByPage },
      rollupOptions: {
        input: clientInputs(root),
        // React in a chunk of its own, named for it: loaded with the first island a page
        // hydrates, and apart from the shop's code (a page's money or words chunk).
        output: { codeSplitting: { groups: [{ name: "react", test: REACT_MODULES }] } },
      },
    },
  };
}

/** React's packages in the module graph (node_modules/.deno/react@…/node_modules/react/…). */
export const REACT_MODULES = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;

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
