/**
 * `deno task start`: builds the web bundles when missing, and for the embedded database
 * the templates a new DATA_DIR is copied from (adapters/embedded/template.ts), then runs
 * the shop (main.ts migrates and serves), with React's production build unless NODE_ENV or
 * `--dev` says otherwise.
 *
 * The shop runs as a child process that a supervisor (supervise.ts) starts again when it
 * stops unexpectedly, at most `SHOP_RESTARTS` times (5 in 300 s unless told), saying so in
 * the log. `SHOP_RESTARTS=0` and `--dev` (`deno task dev`, which restarts on changes) run the
 * shop in this process instead.
 */
import { ensureWebBuild } from "./web_build_check.ts";
import { isTemplateStale } from "../adapters/embedded/template.ts";
import { nodeEnvFor } from "./node_env.ts";
import { restartPolicyOf, supervise } from "./supervise.ts";
import { jsonLineLogger } from "../adapters/log/json_lines.ts";

const ROOT = decodeURIComponent(new URL("..", import.meta.url).pathname).replace(/\/+$/, "");

const policy = restartPolicyOf(Deno.env.get("SHOP_RESTARTS"));
if (policy === undefined) {
  console.error(
    "Configuration: SHOP_RESTARTS must be COUNT/SECONDS (restarts within so many seconds, 5/300) or 0",
  );
  Deno.exit(1);
}

await ensureWebBuild();
// Only the embedded default uses the templates: a server database (DATABASE_URL) needs none.
if (!Deno.env.get("DATABASE_URL") && await isTemplateStale(ROOT, `${ROOT}/dist/embedded`)) {
  const { buildEmbeddedTemplate } = await import("./embedded_template.ts");
  await buildEmbeddedTemplate();
}
// Before the shop's modules are imported: React chooses its build when first imported.
Deno.env.set("NODE_ENV", nodeEnvFor(Deno.args, Deno.env.get("NODE_ENV")));

if (policy === null || Deno.args.includes("--dev")) {
  const { runShop } = await import("../main.ts");
  await runShop(Deno.env.toObject());
} else {
  const log = jsonLineLogger();
  const code = await supervise({
    // The packages the shop runs on, as `deno task start` was given them.
    args: ["run", "-A", "--frozen", "--lock=deno.start.lock", "main.ts"],
    cwd: ROOT,
    env: Deno.env.toObject(),
    policy,
    log: (level, message, fields) => log[level](message, fields),
  });
  log.flush();
  Deno.exit(code);
}
