import assert from "node:assert/strict";
import { BASELINE_PATH, withBenchBaseline } from "./baseline_route.ts";

const info = {} as Deno.ServeHandlerInfo<Deno.NetAddr>;
const shop = () => new Response("shop");

Deno.test("withBenchBaseline() answers the fixed 10-book page on its path only", async () => {
  const handler = withBenchBaseline(shop);
  const response = await handler(new Request(`http://127.0.0.1:8000${BASELINE_PATH}`), info);
  assert.equal(response.status, 200);
  assert.match(response.headers.get("Content-Type") ?? "", /application\/json/);
  const body = await response.json();
  assert.equal(body.data.length, 10);
  assert.equal(body.pageSize, 10);
  for (const path of ["/", "/api/books", `${BASELINE_PATH}/x`, `${BASELINE_PATH}?a=1`]) {
    const other = await handler(new Request(`http://127.0.0.1:8000${path}`), info);
    assert.equal(await other.text(), "shop", path);
  }
});
