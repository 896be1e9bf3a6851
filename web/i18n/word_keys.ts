/**
 * Which words a piece of built code can ask for, read from the code itself: the web build
 * lists each island's (vite.config.ts, `islandWords`) so that a page carries the words of
 * its islands and no other (`page_words.ts`). Nothing is listed by hand: a key the code
 * names is found wherever it is named, so a new word is picked up by the next build.
 *
 * An island names its words in quotes (`t("cart.total")`, `{ found: "list.found" }`,
 * `<Sentence id="checkout.terms">`): the `MessageKey` type allows no other key. A key the
 * code completes at run time is found by its written beginning (`` `error.${code}` ``,
 * `"error." + code`), which brings every key under it.
 */

/** A key as the catalogues write them: dot-separated names ("cart.total"). */
const KEY = /^[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+$/;

/** Dot-separated names in quotes, each closed by its own quote. */
const QUOTED = /(["'`])([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+)\1/g;

/** A quoted beginning ending in a dot, closed there or followed by a template's value. */
const PREFIX = /["'`]([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*\.)(?:["'`]|\$\{)/g;

/**
 * The keys of `keys` that `code` names: quoted whole, or under a quoted beginning.
 *
 * @example wordKeysIn('t("cart.total");`error.${e.code}`', ["cart.total", "cart.empty", "error.GONE"])
 * // ["cart.total", "error.GONE"]
 */
export function wordKeysIn(code: string, keys: readonly string[]): string[] {
  const quoted = new Set([...code.matchAll(QUOTED)].map((match) => match[2]));
  const prefixes = [...new Set([...code.matchAll(PREFIX)].map((match) => match[1]))];
  return keys.filter((key) =>
    KEY.test(key) && (quoted.has(key) || prefixes.some((prefix) => key.startsWith(prefix)))
  );
}

/** A built chunk as the bundler describes it (the fields read here). */
export interface BuiltChunk {
  fileName: string;
  code: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
}

/**
 * The words each island can ask for and those of the entry (which every page with an
 * island runs), by the index `page_words.ts` reads (dist/client/.vite/words.json).
 */
export interface WordIndex {
  /** The entry's words and those of everything it imports. */
  entry: string[];
  /** Each island's: its chunk's, and those of every chunk it imports or loads later. */
  islands: Record<string, string[]>;
}

/**
 * The word index of a build: `entryId` is the storefront entry's module, an island is a
 * chunk loaded on demand whose module lies under `islandsDir` (its name the file's).
 * An island's chunks are followed through their static imports and the ones they load
 * later (a form's checks, a list's calls), but not into the entry, whose words every page
 * gets. The entry's words include those of `hydrationId`'s chunk (the React half it loads
 * with a page's first island, web/hydrate_island.tsx) and its static imports.
 */
export function wordIndex(
  chunks: readonly BuiltChunk[],
  keys: readonly string[],
  { entryId, islandsDir, hydrationId }: {
    entryId: string;
    islandsDir: string;
    hydrationId?: string;
  },
): WordIndex {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId === entryId);
  if (!entry) throw new Error(`The build has no entry ${entryId}`);
  const hydration = chunks.find((chunk) => chunk.facadeModuleId === hydrationId);
  const found = new Map<string, string[]>();
  const keysOf = (chunk: BuiltChunk) => {
    let known = found.get(chunk.fileName);
    if (!known) {
      known = wordKeysIn(chunk.code, keys);
      found.set(chunk.fileName, known);
    }
    return known;
  };
  const reach = (starts: BuiltChunk[], later: boolean, stops: (BuiltChunk | undefined)[] = []) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      const chunk = byFile.get(file);
      if (!chunk || seen.has(file) || stops.includes(chunk)) return;
      seen.add(file);
      chunk.imports.forEach(visit);
      if (later) chunk.dynamicImports.forEach(visit);
    };
    starts.forEach((start) => visit(start.fileName));
    const words = new Set([...seen].flatMap((file) => keysOf(byFile.get(file)!)));
    return keys.filter((key) => words.has(key));
  };
  const islands: Record<string, string[]> = {};
  for (const chunk of chunks) {
    const module = chunk.facadeModuleId;
    if (!chunk.isDynamicEntry || !module?.startsWith(islandsDir)) continue;
    const name = module.slice(islandsDir.length).replace(/\.[jt]sx?$/, "");
    islands[name] = reach([chunk], true, [entry, hydration]);
  }
  return { entry: reach(hydration ? [entry, hydration] : [entry], false), islands };
}
