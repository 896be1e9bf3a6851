/**
 * Where the routes only the admin area calls are (reports, staff, settings, the owner's
 * pages, the audit trail, promotions, categories), and those only the server's own callers
 * use (payment notices, uploads, the OpenAPI document). Apart from contract/paths.ts, whose
 * places the storefront's shared bundle carries: kept here, they stay out of it.
 */
import { at } from "./paths.ts";

/** The routes of one kind's categories under their base (`/api/categories`). */
export function categoryPaths<const Base extends string>(base: Base) {
  return {
    list: at("GET", base),
    add: at("POST", base),
    rename: at("PUT", `${base}/:id` as const),
    remove: at("DELETE", `${base}/:id` as const),
  };
}

export const CATEGORY_PATHS = categoryPaths("/api/categories");

export const STATIONERY_CATEGORY_PATHS = categoryPaths("/api/stationery-categories");

export const REPORT_PATHS = {
  sales: at("GET", "/api/reports/sales"),
  salesCsv: at("GET", "/api/reports/sales/:table"),
};

export const STAFF_PATHS = {
  list: at("GET", "/api/staff"),
  invite: at("POST", "/api/staff"),
  role: at("PUT", "/api/staff/:id/role"),
  reset: at("POST", "/api/staff/:id/reset"),
  remove: at("DELETE", "/api/staff/:id"),
} as const;

export const SETTINGS_PATHS = {
  read: at("GET", "/api/settings"),
  change: at("PUT", "/api/settings"),
} as const;

export const OWNER_PAGE_PATHS = {
  one: at("GET", "/api/pages/:slug/:language"),
  save: at("PUT", "/api/pages/:slug/:language"),
};

export const AUDIT_PATHS = {
  list: at("GET", "/api/audit"),
};

export const PAYMENT_PATHS = {
  notice: at("POST", "/api/payments/:provider/notify"),
};

/** The routes of one kind of promotion under its base (`/api/promotions/campaigns`). */
export function promotionPaths<const Base extends string>(base: Base) {
  return {
    add: at("POST", base),
    one: at("GET", `${base}/:id` as const),
    change: at("PUT", `${base}/:id` as const),
    pause: at("POST", `${base}/:id/pause` as const),
    resume: at("POST", `${base}/:id/resume` as const),
    end: at("POST", `${base}/:id/end` as const),
    remove: at("DELETE", `${base}/:id` as const),
  };
}

export const PROMOTION_PATHS = {
  list: at("GET", "/api/promotions"),
  preview: at("POST", "/api/promotions/preview"),
  freeItems: at("POST", "/api/promotions/free-items"),
};

export const CAMPAIGN_PATHS = promotionPaths("/api/promotions/campaigns");

export const OFFER_PATHS = promotionPaths("/api/promotions/offers");

export const CODE_PATHS = promotionPaths("/api/promotions/codes");

export const UPLOAD_PATHS = {
  image: at("GET", "/uploads/:key"),
};

export const OPENAPI_PATHS = {
  document: at("GET", "/api/openapi.json"),
};
