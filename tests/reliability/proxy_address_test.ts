/**
 * Behind a reverse proxy, only the address a trusted proxy wrote is believed: one socket
 * sending 25 wrong passwords for one account under 25 invented X-Forwarded-For addresses
 * is stopped at the limit for that account from one address (5), through an appending
 * proxy and when it reaches the shop directly. Real sockets on loopback.
 */
import assert from "node:assert/strict";
import type { TrustProxy } from "../../http/auth/client_address.ts";
import { realApp } from "./support/real_app.ts";

const sanitize = { sanitizeOps: false, sanitizeResources: false };

/** A proxy that appends its peer to X-Forwarded-For, as nginx's $proxy_add_x_forwarded_for. */
function appendingProxy(target: string): Deno.HttpServer<Deno.NetAddr> {
  return Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (request, info) => {
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    const before = headers.get("X-Forwarded-For");
    const peer = info.remoteAddr.hostname;
    headers.set("X-Forwarded-For", before ? `${before}, ${peer}` : peer);
    return fetch(`${target}${url.pathname}${url.search}`, {
      method: request.method,
      headers,
      body: request.body,
    });
  });
}

/** 25 wrong passwords for one account, each under another invented address. */
async function inventedAddresses(url: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 25; i++) {
    const response = await fetch(`${url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": `203.0.113.${i}` },
      body: JSON.stringify({ email: "guessed@example.lk", password: `wrong password ${i}` }),
    });
    await response.body?.cancel();
    statuses.push(response.status);
  }
  return statuses;
}

async function shopTrusting(trustProxy: TrustProxy) {
  const r = await realApp({ overrides: { trustProxy } });
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    r.app.fetch,
  );
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    async close() {
      await server.shutdown();
      await r.close();
    },
  };
}

Deno.test({
  name: "through one appending proxy (TRUST_PROXY=1), invented addresses still meet the limit",
  ...sanitize,
  async fn() {
    const shop = await shopTrusting({ kind: "hops", hops: 1 });
    const proxy = appendingProxy(shop.url);
    try {
      const statuses = await inventedAddresses(`http://127.0.0.1:${proxy.addr.port}`);
      assert.deepEqual(statuses.slice(0, 5), Array(5).fill(401));
      assert.deepEqual(statuses.slice(5), Array(20).fill(429));
    } finally {
      await proxy.shutdown();
      await shop.close();
    }
  },
});

Deno.test({
  name:
    "with the proxy's address in TRUST_PROXY, a client reaching the shop directly is not believed",
  ...sanitize,
  async fn() {
    const shop = await shopTrusting({ kind: "addresses", ranges: ["10.9.9.9"] });
    try {
      const statuses = await inventedAddresses(shop.url);
      assert.deepEqual(statuses.slice(5), Array(20).fill(429));
    } finally {
      await shop.close();
    }
  },
});
