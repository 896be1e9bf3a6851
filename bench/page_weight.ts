/**
 * Page weight: every script and stylesheet a storefront page loads (read from the page's
 * HTML and followed through the static imports of Vite's manifest), each gzip-compressed
 * as it travels.
 */

export interface PageWeight {
  path: string;
  htmlGzipBytes: number;
  jsFiles: number;
  jsGzipBytes: number;
  cssGzipBytes: number;
  /**
   * The scripts once every island on the page has hydrated: what it loads first, React's
   * half of the entry and each island's code with their static imports (an island that
   * waits to be seen or used loads after the page, web/islands/names.ts).
   */
  hydratedJsFiles: number;
  hydratedJsGzipBytes: number;
  /** file (under dist/client) to its gzip size. */
  files: Record<string, number>;
}

/** The islands an HTML page holds, by their names in `data-island`. */
export function pageIslands(html: string): string[] {
  return [...new Set([...html.matchAll(/\bdata-island="(\w+)"/g)].map((m) => m[1]))];
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

/** The gzip size of some bytes. */
export async function gzipSize(bytes: Uint8Array): Promise<number> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

/** The /assets/... scripts, module preloads and stylesheets an HTML page links. */
export function linkedAssets(html: string): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const src = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!src || !src.startsWith("/assets/")) continue;
    if (tag.startsWith("<script") || /rel="modulepreload"/.test(tag)) scripts.add(src.slice(1));
    else if (/rel="stylesheet"/.test(tag)) styles.add(src.slice(1));
  }
  return { scripts: [...scripts], styles: [...styles] };
}

/** The files with every chunk they import statically, by Vite's manifest. */
export function withStaticImports(files: string[], manifest: Manifest): string[] {
  const byFile = new Map(Object.values(manifest).map((c) => [c.file, c]));
  const keyed = new Map(Object.entries(manifest));
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const key of byFile.get(file)?.imports ?? []) {
      const chunk = keyed.get(key);
      if (chunk) visit(chunk.file);
    }
  };
  files.forEach(visit);
  return [...seen];
}

/** Weighs the page at `baseUrl + path` against the build in `distDir`. */
export async function weighPage(
  baseUrl: string,
  options: { path: string; distDir: string },
): Promise<PageWeight> {
  const response = await fetch(baseUrl + options.path);
  const html = await response.text();
  if (!response.ok) throw new Error(`GET ${options.path} answered ${response.status}`);
  const manifest = JSON.parse(
    await Deno.readTextFile(`${options.distDir}/client/.vite/manifest.json`),
  ) as Manifest;
  const { scripts, styles } = linkedAssets(html);
  const js = withStaticImports(scripts, manifest);
  const islands = pageIslands(html);
  const islandKeys = islands.length === 0
    ? []
    : ["web/hydrate_island.tsx", ...islands.map((name) => `web/islands/${name}.tsx`)];
  const hydrated = withStaticImports([
    ...js,
    ...islandKeys.flatMap((key) => manifest[key] ? [manifest[key].file] : []),
  ], manifest);
  const files: Record<string, number> = {};
  for (const file of [...hydrated, ...styles]) {
    files[file] = await gzipSize(await Deno.readFile(`${options.distDir}/client/${file}`));
  }
  const sum = (list: string[]) => list.reduce((total, f) => total + files[f], 0);
  return {
    path: options.path,
    htmlGzipBytes: await gzipSize(new TextEncoder().encode(html)),
    jsFiles: js.length,
    jsGzipBytes: sum(js),
    hydratedJsFiles: hydrated.length,
    hydratedJsGzipBytes: sum(hydrated),
    cssGzipBytes: sum(styles),
    files,
  };
}
