/**
 * Every route in one table, gathered from the declarations (a route is declared once, in
 * contract/routes/, on its place in contract/paths.ts). The server serves each declaration
 * with its handler and a test checks that it serves exactly these; the admin guard, the
 * HTTP caching and the OpenAPI document are derived from the table; the browser's client
 * types each call by the declaration of its method and path (`RouteAt`).
 */
import { z } from "zod";
import { OPENAPI_PATHS, UPLOAD_PATHS } from "../admin_paths.ts";
import { defineRoute, type Endpoint, type RouteSpec } from "../route.ts";
import { BOOK_ROUTES } from "./books.ts";
import { STATIONERY_ROUTES } from "./stationery.ts";
import { CATEGORY_ROUTES, STATIONERY_CATEGORY_ROUTES } from "./categories.ts";
import { LOCATION_ROUTES } from "./locations.ts";
import { ORDER_ADMIN_ROUTES, ORDER_DESK_ROUTES, SHOPPER_ORDER_ROUTES } from "./orders.ts";
import {
  ACCOUNT_ROUTES,
  AUTH_ROUTES,
  RESET_ROUTES,
  SESSION_ROUTES,
  VERIFY_ROUTES,
} from "./accounts.ts";
import { PAYMENT_ROUTES } from "./payments.ts";
import { CAMPAIGN_ROUTES, CODE_ROUTES, OFFER_ROUTES, PROMOTION_ROUTES } from "./promotions.ts";
import { CART_ROUTES } from "./cart.ts";
import { REPORT_ROUTES } from "./reports.ts";
import { STAFF_ROUTES } from "./staff.ts";
import { STOCK_ALERT_ROUTES } from "./stock_alerts.ts";
import { VOUCHER_ROUTES } from "./vouchers.ts";
import { FULFILMENT_ROUTES } from "./fulfilment.ts";
import { AUDIT_ROUTES } from "./audit.ts";
import { SETTINGS_ROUTES } from "./settings.ts";
import { OWNER_PAGE_ROUTES } from "./owner_pages.ts";

export { BOOK_CONTRACT, BOOK_ROUTES } from "./books.ts";
export { STATIONERY_CONTRACT, STATIONERY_ROUTES } from "./stationery.ts";
export type { ProductKindContract } from "./products.ts";
export { CATEGORY_ROUTES, STATIONERY_CATEGORY_ROUTES } from "./categories.ts";
export { LOCATION_ROUTES } from "./locations.ts";
export { ORDER_ADMIN_ROUTES, ORDER_DESK_ROUTES, SHOPPER_ORDER_ROUTES } from "./orders.ts";
export {
  ACCOUNT_ROUTES,
  AUTH_ROUTES,
  RESET_ROUTES,
  SESSION_ROUTES,
  VERIFY_ROUTES,
} from "./accounts.ts";
export { PAYMENT_ROUTES } from "./payments.ts";
export { CAMPAIGN_ROUTES, CODE_ROUTES, OFFER_ROUTES, PROMOTION_ROUTES } from "./promotions.ts";
export { CART_ROUTES } from "./cart.ts";
export { REPORT_ROUTES } from "./reports.ts";
export { STAFF_ROUTES } from "./staff.ts";
export { STOCK_ALERT_ROUTES } from "./stock_alerts.ts";
export { VOUCHER_ROUTES } from "./vouchers.ts";
export { FULFILMENT_ROUTES } from "./fulfilment.ts";
export { AUDIT_ROUTES } from "./audit.ts";
export { SETTINGS_ROUTES } from "./settings.ts";
export { OWNER_PAGE_ROUTES } from "./owner_pages.ts";

/** Uploaded product images, served by the shop itself (outside /api). */
export const UPLOAD_ROUTES = {
  image: defineRoute({
    ...UPLOAD_PATHS.image,
    summary: "An uploaded product image",
    admin: false,
    params: z.object({ key: z.string().describe("as listed in a product's images") }),
    ok: { status: 200, contentType: "image/*" },
    errors: [404],
  }),
};

/** The document itself, served by the app. */
export const OPENAPI_ROUTES = {
  document: defineRoute({
    ...OPENAPI_PATHS.document,
    summary: "This API, described as OpenAPI 3.1",
    admin: false,
    ok: { status: 200, schema: z.record(z.string(), z.unknown()) },
    errors: [],
  }),
};

/** The declarations by group, each group by name. */
export const ROUTE_GROUPS = {
  books: BOOK_ROUTES,
  stationery: STATIONERY_ROUTES,
  categories: CATEGORY_ROUTES,
  stationeryCategories: STATIONERY_CATEGORY_ROUTES,
  locations: LOCATION_ROUTES,
  shopperOrders: SHOPPER_ORDER_ROUTES,
  orderDesk: ORDER_DESK_ROUTES,
  orderAdmin: ORDER_ADMIN_ROUTES,
  auth: AUTH_ROUTES,
  session: SESSION_ROUTES,
  reset: RESET_ROUTES,
  verify: VERIFY_ROUTES,
  account: ACCOUNT_ROUTES,
  payments: PAYMENT_ROUTES,
  promotions: PROMOTION_ROUTES,
  campaigns: CAMPAIGN_ROUTES,
  offers: OFFER_ROUTES,
  codes: CODE_ROUTES,
  cart: CART_ROUTES,
  reports: REPORT_ROUTES,
  staff: STAFF_ROUTES,
  stockAlerts: STOCK_ALERT_ROUTES,
  vouchers: VOUCHER_ROUTES,
  fulfilment: FULFILMENT_ROUTES,
  audit: AUDIT_ROUTES,
  settings: SETTINGS_ROUTES,
  ownerPages: OWNER_PAGE_ROUTES,
  uploads: UPLOAD_ROUTES,
  openapi: OPENAPI_ROUTES,
};

type Groups = typeof ROUTE_GROUPS;

/** Any declared route, with its own types. */
export type DeclaredRoute = { [G in keyof Groups]: Groups[G][keyof Groups[G]] }[keyof Groups];

/** The declaration at an endpoint's method and path (never, for a place no route has). */
export type RouteAt<E extends Endpoint> = Extract<
  DeclaredRoute,
  { method: E["method"]; path: E["path"] }
>;

export const ROUTES: readonly RouteSpec[] = Object.values(ROUTE_GROUPS)
  .flatMap((group): RouteSpec[] => Object.values(group));

/** The routes behind the admin guard. */
export const ADMIN_ROUTES: readonly RouteSpec[] = ROUTES.filter((r) => r.admin);
