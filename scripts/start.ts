/**
 * `deno task start`: builds the web bundles when missing, and for the embedded database
 * the templates a new DATA_DIR is copied from (adapters/embedded/template.ts), then runs
 * the shop (main.ts migrates and serves), with React's production build unless NODE_ENV or
 * `--dev` says otherwise.
 */
import { ensureWebBuild } from "./web_build_check.ts";
import { isTemplateStale } from "../adapters/embedded/template.ts";
import { nodeEnvFor } from "./node_env.ts";

const ROOT = decodeURIComponent(new URL("..", import.meta.url).pathname).replace(/\/+$/, "");

await ensureWebBuild();
// Only the embedded default uses the templates: a server database (DATABASE_URL) needs none.
if (!Deno.env.get("DATABASE_URL") && await isTemplateStale(ROOT, `${ROOT}/dist/embedded`)) {
  const { buildEmbeddedTemplate } = await import("./embedded_template.ts");
  await buildEmbeddedTemplate();
}
// Before the shop's modules are imported: React chooses its build when first imported.
Deno.env.set("NODE_ENV", nodeEnvFor(Deno.args, Deno.env.get("NODE_ENV")));
const { runShop } = await import("../main.ts");
await runShop(Deno.env.toObject());
