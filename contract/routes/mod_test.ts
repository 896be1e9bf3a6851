import assert from "node:assert/strict";
import * as paths from "../paths.ts";
import * as fulfilmentPaths from "../fulfilment_paths.ts";
import * as adminPaths from "../admin_paths.ts";
import type { Endpoint } from "../paths.ts";
import { ADMIN_ROUTES, type DeclaredRoute, type RouteAt, ROUTES } from "./mod.ts";
import type { AnswerOf, RequestOf } from "../route.ts";

const name = (e: Endpoint) => `${e.method} ${e.path}`;

/** Every endpoint of contract/paths.ts (and the admin's admin_paths.ts and fulfilment_paths.ts). */
function listedEndpoints(): Endpoint[] {
  return (Object.values({ ...paths, ...adminPaths, ...fulfilmentPaths }) as unknown[])
    .filter((value): value is Record<string, Endpoint> => typeof value === "object")
    .flatMap((group) => Object.values(group));
}

Deno.test("every place in paths.ts is declared once, and every declaration is on one", () => {
  const declared = ROUTES.map(name);
  assert.equal(new Set(declared).size, declared.length, "two declarations share a place");
  assert.deepEqual([...declared].sort(), listedEndpoints().map(name).sort());
});

Deno.test("the admin routes of the table are the declarations marked admin", () => {
  assert.ok(ADMIN_ROUTES.length > 20);
  assert.ok(ADMIN_ROUTES.every((r) => r.admin));
  assert.ok(ADMIN_ROUTES.some((r) => name(r) === "PUT /api/orders/status"));
  assert.ok(!ADMIN_ROUTES.some((r) => name(r) === "POST /api/orders"));
});

// The types a client call takes from the declaration at its place: a wrong field, a
// missing body or an answer read wrongly is a compile error. These lines are checked when
// the tests are type-checked (`deno test`, `deno task check`); they run nothing.
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true
  : false;
function expectType<T extends true>(_proof: T) {}

type Place = RouteAt<typeof paths.ORDER_PATHS.place>;
expectType<Equal<Place["path"], "/api/orders">>(true);
expectType<
  Equal<RequestOf<Place>["json"]["paymentMethod"], "COD" | "Bank Deposit" | "Card" | "Koko">
>(true);
expectType<Equal<AnswerOf<Place>["orderId"], number>>(true);
type One = RouteAt<typeof paths.BOOK_PATHS.one>;
expectType<Equal<RequestOf<One>["params"], { id: string | number }>>(true);
expectType<Equal<AnswerOf<One>["data"]["isbn13"], string>>(true);
expectType<Equal<AnswerOf<RouteAt<typeof paths.BOOK_PATHS.remove>>, undefined>>(true);
expectType<Equal<RouteAt<{ method: "GET"; path: "/api/nowhere" }>, never>>(true);
expectType<Equal<DeclaredRoute["method"], paths.Method>>(true);
