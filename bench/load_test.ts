import assert from "node:assert/strict";
import { parseLoadOutput, requestLines, runLoad, wrkInstalled } from "./load.ts";
import { percentile } from "./load_client.ts";

Deno.test("parseLoadOutput() turns wrk's microseconds into milliseconds and requests/s", () => {
  const output = "Running 1s test\nBENCH_RESULT " + JSON.stringify({
    requests: 5000,
    micros: 2_000_000,
    bytes: 100,
    p50: 1500,
    p95: 4000,
    p99: 12_345,
    max: 20_000,
    socketErrors: 1,
    statuses: { "200": 4990, "500": 10 },
  }) + "\n";
  const result = parseLoadOutput(output, "wrk");
  assert.equal(result.requestsPerSecond, 2500);
  assert.equal(result.p50Ms, 1.5);
  assert.equal(result.p99Ms, 12.35);
  assert.equal(result.seconds, 2);
  assert.deepEqual(result.statuses, { "200": 4990, "500": 10 });
  assert.equal(result.socketErrors, 1);
});

Deno.test("parseLoadOutput() refuses output without a result line", () => {
  assert.throws(() => parseLoadOutput("wrk: connection refused", "wrk"), /printed no result/);
});

Deno.test("requestLines() writes one tab-separated request a line and refuses tabs inside", () => {
  assert.equal(
    requestLines([
      { method: "GET", path: "/a" },
      { method: "POST", path: "/b", body: "{}", clientAddress: "10.0.0.1" },
    ]),
    "GET\t/a\t\t\nPOST\t/b\t{}\t10.0.0.1\n",
  );
  assert.throws(() => requestLines([{ method: "POST", path: "/b", body: "{\n}" }]), /tab/);
});

Deno.test("percentile() picks the nearest rank of sorted values", () => {
  const values = Array.from({ length: 100 }, (_, i) => i + 1);
  assert.equal(percentile(values, 0.5), 50);
  assert.equal(percentile(values, 0.99), 99);
  assert.equal(percentile(values, 1), 100);
  assert.equal(percentile([], 0.5), 0);
});

// The Deno client needs nothing but Deno, so it is tested everywhere; wrk only where it is
// installed (`.ci/run` installs it from Debian when it can). An absent wrk is no test at
// all rather than a test presented as passing.
const clients: ("wrk" | "deno")[] = ["deno"];
if (await wrkInstalled()) clients.push("wrk");
else console.log("wrk is not installed here: only the Deno load client is tested");

for (const client of clients) {
  Deno.test(`runLoad() with ${client} counts every status a server answers and names each request's shopper`, async () => {
    let served = 0;
    const shoppers = new Set<string>();
    const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) => {
      served++;
      shoppers.add(request.headers.get("X-Forwarded-For") ?? "none");
      const missing = new URL(request.url).pathname === "/missing";
      return new Response(missing ? "no" : "yes", { status: missing ? 404 : 200 });
    });
    const previous = Deno.env.get("BENCH_LOAD_CLIENT");
    if (client === "deno") Deno.env.set("BENCH_LOAD_CLIENT", "deno");
    else Deno.env.delete("BENCH_LOAD_CLIENT");
    try {
      const result = await runLoad({
        baseUrl: `http://127.0.0.1:${server.addr.port}`,
        requests: [
          { method: "GET", path: "/", clientAddress: "10.0.0.1" },
          { method: "GET", path: "/missing" },
        ],
        connections: 2,
        durationSeconds: 1,
        maxRequestsPerThread: 50,
        threads: 1,
      });
      assert.equal(result.tool, client);
      const total = (result.statuses["200"] ?? 0) + (result.statuses["404"] ?? 0);
      assert.ok(result.statuses["200"] > 0 && result.statuses["404"] > 0);
      assert.ok(total >= 50 && total <= served, `${total} answers of ${served} served`);
      assert.ok(result.p99Ms >= result.p50Ms);
      assert.deepEqual([...shoppers].sort(), ["10.0.0.1", "none"]);
    } finally {
      if (previous === undefined) Deno.env.delete("BENCH_LOAD_CLIENT");
      else Deno.env.set("BENCH_LOAD_CLIENT", previous);
      await server.shutdown();
    }
  });
}

for (const client of clients) {
  Deno.test(`runLoad() with ${client} and a pause paces each connection: about one request a pause`, async () => {
    let served = 0;
    const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, () => {
      served++;
      return new Response("yes");
    });
    const previous = Deno.env.get("BENCH_LOAD_CLIENT");
    if (client === "deno") Deno.env.set("BENCH_LOAD_CLIENT", "deno");
    else Deno.env.delete("BENCH_LOAD_CLIENT");
    try {
      const result = await runLoad({
        baseUrl: `http://127.0.0.1:${server.addr.port}`,
        requests: [{ method: "GET", path: "/" }],
        connections: 2,
        durationSeconds: 1,
        maxRequestsPerThread: 0,
        threads: 1,
        pauseMs: 100,
      });
      // Two connections pausing 100 ms each: at most about 2 x 10 in the second (a loaded
      // machine makes fewer), where an unpaced load answers thousands.
      assert.ok(result.statuses["200"] >= 4, JSON.stringify(result));
      assert.ok(served <= 26, `${served} served`);
    } finally {
      if (previous === undefined) Deno.env.delete("BENCH_LOAD_CLIENT");
      else Deno.env.set("BENCH_LOAD_CLIENT", previous);
      await server.shutdown();
    }
  });
}
