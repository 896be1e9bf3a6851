/**
 * A route described once: method, path, who may call it and the schemas of its request
 * and answer. A route module defines its routes with `defineRoute` and serves each with
 * `serve`, which validates the request by the same schemas before the handler runs; the
 * route table (route_table.ts) gathers the definitions, and from it the admin guard, the
 * HTTP caching and the OpenAPI document are derived. A path or a schema is written in one
 * place only.
 */
import type { Context, Env, Hono, MiddlewareHandler } from "hono";
import type { z } from "zod";
import { jsonBody, validate } from "./validation.ts";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface RouteSpec {
  method: Method;
  /** Hono style: `/api/books/:id`. */
  path: string;
  summary: string;
  admin: boolean;
  /** Needs a live token of anyone signed in ("any") or of a customer; checked by the route. */
  signedIn?: "any" | "customer";
  params?: z.ZodType;
  query?: z.ZodType;
  headers?: z.ZodType;
  json?: z.ZodType;
  /** The body is CSV text (`text/csv`). */
  csv?: boolean;
  /** Text fields of a multipart form, and the names of its file fields. */
  multipart?: { fields: z.ZodType; files: Record<string, "one" | "many"> };
  ok: { status: 200 | 201 | 202 | 204; schema?: z.ZodType; contentType?: string };
  /** The error statuses the route answers by contract. */
  errors: number[];
}

/** What an admin route answers a stranger (401) and a customer (403). */
export const ADMIN_ERRORS = [401, 403];

/** A route's definition, its schemas' types kept for `serve`'s handler. */
export function defineRoute<const R extends RouteSpec>(route: R): R {
  return route;
}

type Part<R, From extends string, Target extends string> = R extends
  { [K in From]: infer S extends z.ZodType } ? { [K in Target]: z.output<S> }
  : Record<never, never>;

/** What `c.req.valid(...)` gives a handler of this route. */
type ValidOf<R extends RouteSpec> =
  & Part<R, "params", "param">
  & Part<R, "query", "query">
  & Part<R, "headers", "header">
  & Part<R, "json", "json">;

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
