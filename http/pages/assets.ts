/**
 * The built web files: which hashed scripts and styles a page links, from Vite's
 * manifest, and the files themselves under /assets/ and /static/.
 */
import type { Context } from "hono";
import type { HydrateWhen, IslandName, PageAssets, WordIndex } from "../../web/entry_server.tsx";
import type { Locale } from "../../domain/i18n/language.ts";

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

export type Manifest = Record<string, ManifestChunk>;

const STOREFRONT_ENTRY = "web/entry_client.tsx";
/** React and the code that hydrates an island, loaded by the entry with the first island. */
const HYDRATION = "web/hydrate_island.tsx";
const STYLES_ENTRY = "web/styles/app.css";
const ADMIN_ENTRY = "web/admin/main.tsx";

export async function readManifest(distDir: string): Promise<Manifest> {
  const path = `${distDir}/client/.vite/manifest.json`;
  try {
    return JSON.parse(await Deno.readTextFile(path)) as Manifest;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw new Error(`The web build is missing (${path}): run \`deno task build\``);
    }
    throw error;
  }
}

/**
 * The words each island's built code can ask for (web/i18n/word_keys.ts), which the web
 * build writes beside its manifest.
 */
export async function readWordIndex(distDir: string): Promise<WordIndex> {
  const path = `${distDir}/client/.vite/words.json`;
  try {
    return JSON.parse(await Deno.readTextFile(path)) as WordIndex;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw new Error(`The web build is missing (${path}): run \`deno task build\``);
    }
    throw error;
  }
}

/** The words a page with `islands` hands the browser in `language` (`PageAssets.words`). */
export type PageWordsOf = (islands: IslandName[], language: Locale) => string | undefined;

/** A chunk's file and every chunk it imports, depth first, each once. */
function chunkFiles(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((k) => chunkFiles(manifest, k, seen))];
}

function cssFiles(manifest: Manifest, key: string): string[] {
  const chunk = manifest[key];
  if (!chunk) return [];
  return [...(chunk.css ?? []), ...(key.endsWith(".css") ? [chunk.file] : [])];
}

const url = (file: string) => `/${file}`;

/**
 * What a storefront page links and the words it carries, kept per language and set of
 * islands: a few sets cover every page, and walking the manifest (or compiling the words)
 * for each page was a visible part of a page's time.
 */
export function storefrontAssetsOf(
  manifest: Manifest,
  wordsOf?: PageWordsOf,
  hydrateWhen?: Record<IslandName, HydrateWhen>,
): (islands: IslandName[], language?: Locale, waiting?: IslandName[]) => PageAssets {
  const known = new Map<string, PageAssets>();
  return (islands, language = "en", waiting = []) => {
    const key = `${language} ${islands.join(" ")} / ${waiting.join(" ")}`;
    let assets = known.get(key);
    if (!assets) {
      assets = storefrontAssets(manifest, islands, language, wordsOf, hydrateWhen, waiting);
      known.set(key, assets);
    }
    return assets;
  };
}

/**
 * What a storefront page links: the entry, the stylesheet and the code of the islands it
 * hydrates at load (with React) to preload; and, with `wordsOf`, the words its islands use
 * in `language`. An island that waits to be seen or used (`hydrateWhen`, the render bundle's `HYDRATE_WHEN`; every island at load without it) is not preloaded:
 * a page that shows only what the server rendered fetches no React and no money code. Nor
 * are the islands of `waiting`, rendered to wait on this page (a cart the server drew).
 */
export function storefrontAssets(
  manifest: Manifest,
  islands: IslandName[],
  language: Locale = "en",
  wordsOf?: PageWordsOf,
  hydrateWhen?: Record<IslandName, HydrateWhen>,
  waiting: readonly IslandName[] = [],
): PageAssets {
  const entry = manifest[STOREFRONT_ENTRY];
  if (!entry) throw new Error(`The web build has no ${STOREFRONT_ENTRY}`);
  const [entryFile, ...entryImports] = chunkFiles(manifest, STOREFRONT_ENTRY);
  const atLoad = islands.filter((name) =>
    !waiting.includes(name) && (hydrateWhen?.[name] ?? "load") === "load"
  );
  const islandFiles = atLoad.length === 0 ? [] : [
    ...chunkFiles(manifest, HYDRATION),
    ...atLoad.flatMap((name) => chunkFiles(manifest, `web/islands/${name}.tsx`)),
  ];
  const preload = [...new Set([...entryImports, ...islandFiles])].filter((f) => f !== entryFile);
  const words = wordsOf?.(islands, language);
  return {
    scripts: [url(entryFile)],
    styles: [
      ...new Set([...cssFiles(manifest, STYLES_ENTRY), ...cssFiles(manifest, STOREFRONT_ENTRY)]),
    ]
      .map(url),
    preload: preload.map(url),
    ...(words === undefined ? {} : { words }),
  };
}

/** What the admin shell links: the shop's stylesheet and the admin bundle (when built). */
export function adminAssets(manifest: Manifest): PageAssets {
  const [adminFile, ...imports] = chunkFiles(manifest, ADMIN_ENTRY);
  return {
    scripts: adminFile ? [url(adminFile)] : [],
    styles: [...cssFiles(manifest, STYLES_ENTRY), ...cssFiles(manifest, ADMIN_ENTRY)].map(url),
    preload: imports.map(url),
  };
}

const TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
  woff2: "font/woff2",
  json: "application/json",
  ico: "image/x-icon",
};

/** A safe file name under the folder: no climbing out, no hidden files. */
export function safeRelativePath(path: string): string | undefined {
  const parts = path.split("/").filter((p) => p !== "");
  if (parts.length === 0) return undefined;
  if (parts.some((p) => p === ".." || p.startsWith(".") || p.includes("\\") || p.includes("\0"))) {
    return undefined;
  }
  return parts.join("/");
}

/** Serves a file from `dir`, or answers undefined when there is none. */
export async function serveFile(
  c: Context,
  dir: string,
  relative: string,
  cacheControl: string,
): Promise<Response | undefined> {
  const path = safeRelativePath(relative);
  const type = TYPES[path?.split(".").pop() ?? ""];
  if (!path || !type) return undefined;
  try {
    const bytes = await Deno.readFile(`${dir}/${path}`);
    return c.body(bytes, 200, {
      "Content-Type": type,
      "Cache-Control": cacheControl,
      "X-Content-Type-Options": "nosniff",
    });
  } catch (error) {
    if (error instanceof Deno.errors.NotFound || error instanceof Deno.errors.IsADirectory) {
      return undefined;
    }
    throw error;
  }
}
