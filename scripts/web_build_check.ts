/** Builds the web bundles when they are missing (the server and the page tests import them). */
export async function ensureWebBuild(): Promise<void> {
  const buildScript = new URL("./build_web.ts", import.meta.url);
  try {
    await Deno.stat(buildScript);
  } catch {
    return; // No web build yet in this checkout.
  }
  const { ensureBuilt } = await import(buildScript.href);
  await ensureBuilt();
}
