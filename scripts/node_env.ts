/**
 * The `NODE_ENV` the shop runs with. React (and other npm packages) read it when they are
 * first imported: without `production` the server renders pages with React's development
 * build, several times slower a page. `deno task start` is how the shop runs in production,
 * so it says `production` unless told otherwise; `--dev` (`deno task dev`) keeps the
 * development build's warnings.
 */
export function nodeEnvFor(args: readonly string[], current: string | undefined): string {
  if (current) return current;
  return args.includes("--dev") ? "development" : "production";
}
