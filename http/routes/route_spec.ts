/**
 * Serving a declared route (contract/route.ts): `serve` validates the request by the
 * declaration's schemas before the handler runs, and types the handler's context by them.
 * Routes are declared in contract/routes/ (which the browser reads too) and served here,
 * each beside its handler in http/routes/, http/auth/ and http/uploads/.
 */
import type { Context, Env, Hono, MiddlewareHandler } from "hono";
import type { z } from "zod";
import type { RouteSpec } from "../../contract/route.ts";
import { formBody, jsonBody, validate } from "../middleware/validation.ts";

type Part<R, From extends string, Target extends string> = R extends
  { [K in From]: infer S extends z.ZodType } ? { [K in Target]: z.output<S> }
  : Record<never, never>;

/** What `c.req.valid(...)` gives a handler of this route. */
type ValidOf<R extends RouteSpec> =
  & Part<R, "params", "param">
  & Part<R, "query", "query">
  & Part<R, "headers", "header">
  & Part<R, "json", "json">
  & Part<R, "form", "form">;

/** The context of a route's handler: the request already validated by the route's schemas. */
export type RouteContext<R extends RouteSpec, E extends Env = Env> = Context<
  E,
  string,
  { out: ValidOf<R> }
>;

/** The checks of a route's request, in the order the routes have always run them. */
function validators(route: RouteSpec): MiddlewareHandler[] {
  return [
    ...(route.params ? [validate("param", route.params)] : []),
    ...(route.query ? [validate("query", route.query)] : []),
    ...(route.headers ? [validate("header", route.headers)] : []),
    ...(route.json ? [jsonBody(), validate("json", route.json)] : []),
    ...(route.form ? [formBody(), validate("form", route.form)] : []),
  ] as MiddlewareHandler[];
}

/**
 * Serves a route on a sub-app mounted at `base` ("/api/books"): `before` runs first (a
 * sign-in check), then the request is validated by the route's schemas, then `handler`
 * answers.
 */
export function serve<R extends RouteSpec, E extends Env>(
  app: Hono<E>,
  base: string,
  route: R,
  handler: (c: RouteContext<R, E>) => Response | Promise<Response>,
  before: MiddlewareHandler<E>[] = [],
): void {
  if (!route.path.startsWith(base)) {
    throw new Error(`${route.method} ${route.path} is not under ${base}`);
  }
  const path = route.path.slice(base.length) || "/";
  app.on(
    route.method,
    [path],
    ...before,
    ...validators(route) as MiddlewareHandler<E>[],
    handler as unknown as MiddlewareHandler<E>,
  );
}
