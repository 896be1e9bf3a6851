/**
 * Serves the admin island for browser tests: the page shell at the admin paths, the
 * bundle Vite builds from web/admin/main.tsx into a temporary directory, and a fake API.
 */
import { build } from "vite";
import react from "@vitejs/plugin-react";
import { buildCsp } from "../../../http/security.ts";
import type { FakeShopApi } from "./fake_shop_api.ts";

const ROOT = new URL("../../../", import.meta.url).pathname;

/** A 1x1 PNG, served for every /uploads/ path. */
const PIXEL = Uint8Array.from(
  atob(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  ),
  (c) => c.charCodeAt(0),
);

export interface AdminBundle {
  dir: string;
  script: string;
  styles: string[];
}

/** Builds the admin bundle alone (the shop's full build is not needed for these tests). */
export async function buildAdminBundle(): Promise<AdminBundle> {
  const dir = await Deno.makeTempDir({ prefix: "pothgula-admin-" });
  await build({
    root: ROOT,
    configFile: false,
    logLevel: "warn",
    plugins: [react()],
    publicDir: false,
    build: {
      outDir: dir,
      emptyOutDir: true,
      manifest: true,
      target: "es2022",
      rollupOptions: { input: { admin: `${ROOT}web/admin/main.tsx` } },
    },
  });
  const manifest = JSON.parse(await Deno.readTextFile(`${dir}/.vite/manifest.json`));
  const entry = manifest["web/admin/main.tsx"];
  return { dir, script: `/${entry.file}`, styles: (entry.css ?? []).map((c: string) => `/${c}`) };
}

function shell(bundle: AdminBundle): string {
  const links = bundle.styles.map((href) => `<link rel="stylesheet" href="${href}">`).join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>Admin - Pothgula</title>${links}</head><body><div id="admin-root"></div>` +
    `<script type="module" src="${bundle.script}"></script></body></html>`;
}

const TYPES: Record<string, string> = { js: "text/javascript", css: "text/css" };

/** Starts the server on a free port; `close()` stops it. */
export function serveAdmin(bundle: AdminBundle, api: Pick<FakeShopApi, "handle">) {
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    const path = new URL(req.url).pathname;
    if (path.startsWith("/api/")) return await api.handle(req);
    if (path.startsWith("/uploads/")) {
      return new Response(PIXEL, { headers: { "Content-Type": "image/png" } });
    }
    if (path.startsWith("/assets/") && !path.includes("..")) {
      try {
        const body = await Deno.readFile(bundle.dir + path);
        return new Response(body, { headers: { "Content-Type": TYPES[path.split(".").pop()!] } });
      } catch {
        return new Response("Not found", { status: 404 });
      }
    }
    if (path === "/admin" || path.startsWith("/admin/")) {
      // The shop's own policy, so that the tests meet what the browser enforces in production.
      return new Response(shell(bundle), {
        headers: { "Content-Type": "text/html", "Content-Security-Policy": buildCsp() },
      });
    }
    return new Response("Not found", { status: 404 });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    close: () => server.shutdown(),
  };
}
