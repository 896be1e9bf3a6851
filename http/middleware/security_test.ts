import assert from "node:assert/strict";
import { Hono } from "hono";
import { buildCsp, securityHeaders } from "./security.ts";

Deno.test("buildCsp() adds sources to a directive without repeating or dropping the defaults", () => {
  const policy = buildCsp({ "script-src": ["'self'", "'sha256-abc='"], "worker-src": ["'self'"] });
  const directives = Object.fromEntries(
    policy.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1)]),
  );
  assert.deepEqual(directives["script-src"], ["'self'", "'sha256-abc='"]);
  assert.deepEqual(directives["worker-src"], ["'self'"]);
  assert.deepEqual(directives["frame-ancestors"], ["'none'"]);
  assert.deepEqual(directives["object-src"], ["'none'"]);
});

Deno.test("securityHeaders() keeps a policy the handler set itself", async () => {
  const app = new Hono();
  app.use(securityHeaders());
  app.get("/page", (c) => {
    c.header("Content-Security-Policy", buildCsp({ "script-src": ["'nonce-xyz'"] }));
    return c.text("page");
  });
  const response = await app.request("/page");
  assert.match(response.headers.get("Content-Security-Policy") ?? "", /'nonce-xyz'/);
  assert.equal(response.headers.get("X-Frame-Options"), "DENY");
});
