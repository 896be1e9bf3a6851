/**
 * Every API route in one table, gathered from the route modules, where each route is
 * defined once beside its handler (route_spec.ts): method, path, who may call it and the
 * schemas of its request and answer. The app guards the admin rows from this table, the
 * OpenAPI document is generated from it, and a test checks that the app serves exactly
 * these routes: a new route cannot slip in unguarded or undocumented.
 */
import { z } from "zod";
import { defineRoute, type RouteSpec } from "./route_spec.ts";
import { BOOK_ROUTES } from "./routes/books.ts";
import { STATIONERY_ROUTES } from "./routes/stationery.ts";
import { categoryRouteSpecs } from "./routes/categories.ts";
import { LOCATION_ROUTES } from "./routes/locations.ts";
import { ORDER_ROUTES } from "./routes/orders.ts";
import { ORDER_CUSTOMER_ROUTES } from "./routes/order_customer.ts";
import { ORDER_ADMIN_ROUTES } from "./routes/order_admin.ts";
import { ACCOUNT_ROUTES } from "./routes/account.ts";
import { AUTH_ROUTES } from "./auth/routes.ts";
import { SESSION_ROUTES } from "./auth/session_routes.ts";
import { RESET_ROUTES } from "./auth/reset_routes.ts";
import { UPLOAD_ROUTES } from "./uploads/route.ts";

export type { Method, RouteSpec } from "./route_spec.ts";

/** The document itself, served by the app. */
export const OPENAPI_ROUTE = defineRoute({
  method: "GET",
  path: "/api/openapi.json",
  summary: "This API, described as OpenAPI 3.1",
  admin: false,
  ok: { status: 200, schema: z.record(z.string(), z.unknown()) },
  errors: [],
});

export const ROUTES: readonly RouteSpec[] = [
  BOOK_ROUTES,
  STATIONERY_ROUTES,
  categoryRouteSpecs("book"),
  categoryRouteSpecs("stationery"),
  LOCATION_ROUTES,
  ORDER_ROUTES,
  ORDER_CUSTOMER_ROUTES,
  ORDER_ADMIN_ROUTES,
  AUTH_ROUTES,
  SESSION_ROUTES,
  RESET_ROUTES,
  ACCOUNT_ROUTES,
  UPLOAD_ROUTES,
  { openapi: OPENAPI_ROUTE },
].flatMap((routes): RouteSpec[] => Object.values(routes));

/** The routes behind the admin guard. */
export const ADMIN_ROUTES: readonly RouteSpec[] = ROUTES.filter((r) => r.admin);
