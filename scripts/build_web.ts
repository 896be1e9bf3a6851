/**
 * Builds the web bundles with Vite: the client (dist/client, with its manifest) and the
 * server-render bundle (dist/server/entry_server.js). Run directly (`deno task build`) it
 * always builds; `ensureBuilt()` builds only when the output is missing or older than
 * the sources.
 */
const ROOT = new URL("../", import.meta.url).pathname;
// The words in messages/ are bundled too: a corrected translation is a new build.
const SOURCES = [
  "web",
  "contract",
  "domain",
  "messages",
  "vite.config.ts",
  "scripts/language_name_faces.ts",
];
const OUTPUTS = ["dist/client/.vite/manifest.json", "dist/server/entry_server.js"];

async function newestSource(path: string): Promise<number> {
  const info = await Deno.stat(path);
  if (!info.isDirectory) return info.mtime?.getTime() ?? 0;
  let newest = info.mtime?.getTime() ?? 0;
  for await (const entry of Deno.readDir(path)) {
    if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
    newest = Math.max(newest, await newestSource(`${path}/${entry.name}`));
  }
  return newest;
}

async function oldestOutput(): Promise<number | undefined> {
  let oldest = Infinity;
  for (const output of OUTPUTS) {
    try {
      oldest = Math.min(oldest, (await Deno.stat(ROOT + output)).mtime?.getTime() ?? 0);
    } catch {
      return undefined;
    }
  }
  return oldest;
}

/** True when a bundle is missing or a source file changed after the last build. */
export async function isStale(): Promise<boolean> {
  const built = await oldestOutput();
  if (built === undefined) return true;
  for (const source of SOURCES) {
    if (await newestSource(ROOT + source) > built) return true;
  }
  return false;
}

/** Builds the client and the server bundles. */
export async function buildAll(): Promise<void> {
  const started = performance.now();
  const { build } = await import("vite");
  const { clientConfig, serverConfig } = await import("../vite.config.ts");
  await build(clientConfig(ROOT));
  await build(serverConfig(ROOT));
  console.log(`web build done in ${Math.round(performance.now() - started)} ms`);
}

/** Builds only when the output is missing or older than the sources. */
export async function ensureBuilt(): Promise<void> {
  if (await isStale()) await buildAll();
}

if (import.meta.main) await buildAll();
