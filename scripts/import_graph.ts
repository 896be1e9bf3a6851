/**
 * The shop's own imports read as a graph: which relative modules each source file imports
 * (type-only imports counted apart), and the circles among them. The layer rule
 * (layer_imports_test.ts) and the no-circle rule (import_cycles_test.ts) are built on it.
 */
import { stripComments } from "./source_text.ts";

/** Relative imports of a source, each with whether the statement imports types only. */
export function relativeImports(source: string): { specifier: string; typeOnly: boolean }[] {
  const code = stripComments(source);
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const statement = /\b(import|export)\s+(type\s+)?([^;]*?)\bfrom\s*["']([^"']+)["']/g;
  for (const match of code.matchAll(statement)) {
    found.push({ specifier: match[4], typeOnly: Boolean(match[2]) });
  }
  for (const match of code.matchAll(/\bimport\s*["']([^"']+)["']/g)) {
    found.push({ specifier: match[1], typeOnly: false });
  }
  // `typeof import("x")` names a module's types only; any other import("x") loads it.
  for (const match of code.matchAll(/(\btypeof\s+)?\bimport\s*\(\s*["'`]([^"'`]+)["'`]\s*\)/g)) {
    found.push({ specifier: match[2], typeOnly: Boolean(match[1]) });
  }
  return found.filter((i) => i.specifier.startsWith("./") || i.specifier.startsWith("../"));
}

/** `specifier` resolved against the folder of `path` (both relative to the repository). */
export function resolveFrom(path: string, specifier: string): string | undefined {
  if (!specifier.startsWith("./") && !specifier.startsWith("../")) return undefined;
  const parts = path.split("/").slice(0, -1);
  for (const part of specifier.split("/")) {
    if (part === "..") {
      if (parts.length === 0) return "..";
      parts.pop();
    } else if (part !== ".") {
      parts.push(part);
    }
  }
  return parts.join("/");
}

/** Each file to the files it imports, within the files given (types and values alike). */
export function importGraph(sources: ReadonlyMap<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [path, source] of sources) {
    const targets = relativeImports(source)
      .map(({ specifier }) => resolveFrom(path, specifier))
      .filter((target): target is string => target !== undefined && sources.has(target));
    graph.set(path, [...new Set(targets)].sort());
  }
  return graph;
}

/**
 * The circles of a graph: groups of files that import each other in a loop (the strongly
 * connected groups of Tarjan's depth-first walk, and a file that imports itself), each
 * group sorted, the groups in order of their first file.
 *
 * @example importCycles(new Map([["a", ["b"]], ["b", ["a"]], ["c", ["a"]]])) // [["a", "b"]]
 */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    lowest.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowest.set(file, Math.min(lowest.get(file)!, lowest.get(next)!));
      } else if (onStack.has(next)) {
        lowest.set(file, Math.min(lowest.get(file)!, index.get(next)!));
      }
    }
    if (lowest.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) circles.push(group.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return circles.sort((a, b) => a[0].localeCompare(b[0]));
}

/** The source files (.ts, .tsx) under a folder of the repository at `root`, by their paths. */
export async function readSources(
  root: URL,
  folder: string,
  keep: (path: string) => boolean = () => true,
): Promise<Map<string, string>> {
  const sources = new Map<string, string>();
  const walk = async (dir: string) => {
    for await (const entry of Deno.readDir(new URL(dir, root))) {
      const path = `${dir}${entry.name}`;
      if (entry.isDirectory) await walk(`${path}/`);
      else if (/\.tsx?$/.test(entry.name) && keep(path)) {
        sources.set(path, await Deno.readTextFile(new URL(path, root)));
      }
    }
  };
  await walk(folder.endsWith("/") ? folder : `${folder}/`);
  return sources;
}

/**
 * The circles among the source files of `folders` (under the repository at `root`) that
 * `keep` keeps, each written with the imports that close it: "2 files: a.ts -> b.ts, b.ts ->
 * a.ts". Any folder, any layer: the rule's test names the folders held to it.
 */
export async function circlesIn(
  root: URL,
  folders: readonly string[],
  keep: (path: string) => boolean = () => true,
): Promise<string[]> {
  const sources = new Map<string, string>();
  for (const folder of folders) {
    for (const [path, source] of await readSources(root, folder, keep)) sources.set(path, source);
  }
  if (sources.size === 0) throw new Error(`No source files under ${folders.join(", ")}`);
  const graph = importGraph(sources);
  return importCycles(graph).map((circle) => {
    const members = new Set(circle);
    const ties = circle.flatMap((file) =>
      (graph.get(file) ?? []).filter((target) => members.has(target)).map((t) => `${file} -> ${t}`)
    );
    return `${circle.length} files: ${ties.join(", ")}`;
  });
}
