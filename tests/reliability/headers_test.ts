/**
 * Every page answers with a Content-Security-Policy that runs no inline script (JSON
 * hydration data is `type="application/json"`, never executed; any other inline script
 * would need its hash in the policy), loads no plugins, allows no <base> and no framing;
 * HSTS for a year when the shop is on https; no cookie without HttpOnly and Secure.
 */
import assert from "node:assert/strict";
import { realApp, shopInfo } from "./support/real_app.ts";

const sanitize = { sanitizeOps: false, sanitizeResources: false };

function pagePaths(bookId: number): string[] {
  return [
    "/",
    "/?q=gam&page=2",
    "/stationery",
    `/books/${bookId}`,
    "/books/999999",
    "/cart",
    "/checkout",
    "/register",
    "/privacy",
    "/terms",
    "/admin",
    "/admin/login",
    "/admin/dashboard",
    "/admin/orders",
    "/admin/stock",
    "/no/such/page",
  ];
}

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(";").map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map((
      [name, ...sources],
    ) => [name, sources]),
  );
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}

/** Inline scripts (no src) that a browser would run: anything but JSON data blocks. */
function executableInlineScripts(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes, content] = match;
    if (/\bsrc\s*=/.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type === "application/json" || type === "application/ld+json") continue;
    found.push(content);
  }
  return found;
}

Deno.test("the inline-script check finds a bare inline script and lets JSON data and src scripts be", () => {
  const html = `<script type="application/json">{"a":1}</script><script src="/a.js"></script>` +
    `<script>alert(1)</script><script type="module">import "x"</script>`;
  assert.deepEqual(executableInlineScripts(html), ["alert(1)", 'import "x"']);
});

Deno.test({
  name: "every page's CSP runs no inline script, loads no plugin, sets no base and refuses framing",
  ...sanitize,
  async fn() {
    const r = await realApp();
    try {
      for (const path of pagePaths(r.book.id)) {
        const response = await r.app.request(path);
        assert.ok(
          response.status === 200 || response.status === 404,
          `${path}: ${response.status}`,
        );
        assert.match(response.headers.get("Content-Type") ?? "", /text\/html/, path);
        const csp = directives(response.headers.get("Content-Security-Policy") ?? "");
        const scripts = csp.get("script-src") ?? csp.get("default-src") ?? [];
        assert.ok(scripts.length > 0, `${path}: no script-src`);
        assert.ok(!scripts.includes("'unsafe-inline'"), `${path}: unsafe-inline scripts`);
        assert.ok(!scripts.includes("'unsafe-eval'"), `${path}: unsafe-eval`);
        assert.ok(!scripts.includes("*") && !scripts.includes("data:"), `${path}: open scripts`);
        assert.deepEqual(csp.get("object-src"), ["'none'"], path);
        assert.deepEqual(csp.get("base-uri"), ["'none'"], path);
        assert.deepEqual(csp.get("frame-ancestors"), ["'none'"], path);
        assert.equal(response.headers.get("X-Content-Type-Options"), "nosniff", path);
        const html = await response.text();
        for (const inline of executableInlineScripts(html)) {
          const hash = `'sha256-${await sha256(inline)}'`;
          assert.ok(scripts.includes(hash), `${path}: inline script without its hash in the CSP`);
        }
        assert.equal(response.headers.get("Set-Cookie"), null, `${path} sets a cookie`);
      }
    } finally {
      await r.close();
    }
  },
});

Deno.test({
  name: "HSTS for a year on every answer when the shop's public URL is https, none on http",
  ...sanitize,
  async fn() {
    const secure = await realApp({ overrides: { shop: shopInfo("https://pothgula.lk") } });
    const plain = await realApp();
    try {
      for (const path of ["/", "/api/books", "/healthz", "/api/nothing"]) {
        const hsts = (await secure.app.request(path)).headers.get("Strict-Transport-Security");
        assert.match(hsts ?? "", /max-age=31536000/, path);
        assert.equal(
          (await plain.app.request(path)).headers.get("Strict-Transport-Security"),
          null,
          path,
        );
      }
    } finally {
      await secure.close();
      await plain.close();
    }
  },
});

Deno.test({
  name: "no answer of login, checkout or the admin API sets a cookie that scripts could read",
  ...sanitize,
  async fn() {
    const r = await realApp();
    try {
      const answers = [
        await r.app.request("/api/auth/login", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: "admin@pothgula.lk", password: "wrong password" }),
        }),
        await r.app.request("/api/orders", {
          headers: { Authorization: `Bearer ${r.adminToken}` },
        }),
        await r.app.request("/api/books"),
      ];
      for (const response of answers) {
        const cookie = response.headers.get("Set-Cookie");
        assert.ok(
          cookie === null || (/HttpOnly/i.test(cookie) && /Secure/i.test(cookie)),
          cookie ?? "",
        );
        assert.ok(response.status < 500);
        await response.body?.cancel();
      }
    } finally {
      await r.close();
    }
  },
});
