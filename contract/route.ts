/**
 * A route declared once: where it is (contract/paths.ts), who may call it and the schemas
 * of its request and answer. The server serves each declaration with its handler
 * (http/routes/route_spec.ts validates the request by the same schemas first); the admin guard, the
 * HTTP caching and the OpenAPI document are derived from the table of declarations
 * (contract/routes/mod.ts); and the browser's client takes each call's request and answer
 * types from the declaration of its method and path (`RequestOf`, `AnswerOf`).
 */
import type { z } from "zod";
import type { Endpoint, Method } from "./paths.ts";
import type { AdminTask } from "../domain/accounts/admin_roles.ts";

export type { Endpoint, Method };

export interface RouteSpec extends Endpoint {
  summary: string;
  /**
   * `false` for a route anyone may call; otherwise the admin task it does, which decides
   * the roles it admits (domain/accounts/admin_roles.ts: `mayDo`): "orders" admits owners
   * and staff, "promotions" only owners. The admin guard, the OpenAPI document and the
   * role matrix test read it from here.
   */
  admin: false | AdminTask;
  /** Needs a live token of anyone signed in ("any") or of a customer; checked by the route. */
  signedIn?: "any" | "customer";
  params?: z.ZodType;
  query?: z.ZodType;
  headers?: z.ZodType;
  json?: z.ZodType;
  /** The largest JSON body, when larger than the shop's 64 KB (an owner's page of 100 KB). */
  maxJsonBytes?: number;
  /** The body is CSV text (`text/csv`); `columns` describes one row, by its header names. */
  csv?: { columns: z.ZodType };
  /**
   * The body is a URL-encoded form (`application/x-www-form-urlencoded`) of text fields: a
   * gateway's server-to-server notice, which no browser of the shop's sends.
   */
  form?: z.ZodType;
  /** Text fields of a multipart form, and the names of its file fields. */
  multipart?: { fields: z.ZodType; files: Record<string, "one" | "many"> };
  ok: { status: 200 | 201 | 202 | 204; schema?: z.ZodType; contentType?: string };
  /** The error statuses the route answers by contract. */
  errors: number[];
}

/** What an admin route answers a stranger (401), and a customer or a role it does not admit (403). */
export const ADMIN_ERRORS = [401, 403];

/** A route's declaration, its schemas' types kept for the handler and the client. */
export function defineRoute<const R extends RouteSpec>(route: R): R {
  return route;
}

type Input<R, K extends string> = R extends { [P in K]: infer S extends z.ZodType } ? z.input<S>
  : never;

/** A path parameter as the client gives it: text, or a number written as text. */
type PathValues<T> = { [K in keyof T]: string | number };

/**
 * A query as the client gives it: a value written as free text may also be a number or a
 * flag (it travels as text), a choice among named values stays one of them.
 */
type QueryValues<T> = {
  [K in keyof T]?: string extends NonNullable<T[K]> ? string | number | boolean | undefined
    : T[K] | undefined;
};

/**
 * What a call of route `R` sends: its path parameters, query, headers and body. (Each test
 * is on `[R]`, not `R`: a union of routes is not spread into a union of requests.)
 */
export type RequestOf<R extends RouteSpec> =
  & ([R] extends [{ params: z.ZodType }] ? { params: PathValues<Input<R, "params">> }
    : { params?: never })
  & ([R] extends [{ query: z.ZodType }] ? { query?: QueryValues<Input<R, "query">> }
    : { query?: never })
  & ([R] extends [{ headers: z.ZodType }] ? { headers?: Input<R, "headers"> }
    : { headers?: never })
  & ([R] extends [{ json: z.ZodType }] ? { json: Input<R, "json"> } : { json?: never })
  & ([R] extends [{ multipart: object }] ? { form: FormData } : { form?: never })
  & ([R] extends [{ csv: object }] ? { csv: Blob } : { csv?: never });

/** What route `R` answers: its record as the server writes it, nothing for 204. */
export type AnswerOf<R extends RouteSpec> = [R["ok"]] extends
  [{ schema: infer S extends z.ZodType }] ? z.output<S>
  : [R["ok"]["status"]] extends [204] ? undefined
  : unknown;

/** Whether route `R` answers a file (CSV, PDF, an image) rather than JSON. */
export type AnswersFile<R extends RouteSpec> = [R["ok"]] extends [{ contentType: string }] ? true
  : false;
