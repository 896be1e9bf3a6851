/**
 * The one Deno version the shop is built and tested with, named in `.deno-version` at the
 * project's root: `.ci/run` and the README's commands run `npx -y deno@$(cat .deno-version)`,
 * and the test runner refuses another version in CI. A new Deno release changes nothing
 * until that file does.
 */
const VERSION_FILE = new URL("../.deno-version", import.meta.url);

/** A full version: three numbers, nothing else. */
export const VERSION_PATTERN = /^\d+\.\d+\.\d+$/;

/** The version `.deno-version` names. */
export async function pinnedDenoVersion(): Promise<string> {
  const text = (await Deno.readTextFile(VERSION_FILE)).trim();
  if (!VERSION_PATTERN.test(text)) {
    throw new Error(`.deno-version must hold one version such as 2.9.6, not "${text}"`);
  }
  return text;
}
