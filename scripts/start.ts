/** `deno task start`: builds the web bundles when missing, then runs the shop (main.ts migrates and serves). */
import { ensureWebBuild } from "./web_build_check.ts";

await ensureWebBuild();
await import("../main.ts");
