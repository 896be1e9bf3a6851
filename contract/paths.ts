/**
 * Where every route of the API is: its method and path (Hono style, `/api/books/:id`), as
 * plain data. The route declarations (contract/routes/) are built on these entries, and the
 * browser's client (web/lib/api.ts) calls them, taking a call's request and answer types
 * from the declaration of the same method and path. Nothing here names a schema, so an
 * island that calls the API carries no zod: only a form that validates imports the schemas
 * it uses. A path is written here and nowhere else.
 */

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/** A route's place: its method and its path. */
export interface Endpoint {
  readonly method: Method;
  readonly path: string;
}

/** A route's place, its method and path kept as literal types. */
export function at<const M extends Method, const P extends string>(method: M, path: P) {
  return { method, path };
}

/**
 * The routes every kind of product has under its base (`/api/books`), in the order they
 * are served: the fixed paths (`/export`, `/archived`) before `/:id` would take them.
 */
export function productPaths<const Base extends string>(base: Base) {
  return {
    list: at("GET", base),
    export: at("GET", `${base}/export` as const),
    import: at("POST", `${base}/import` as const),
    archived: at("GET", `${base}/archived` as const),
    restore: at("POST", `${base}/:id/restore` as const),
    adjustStock: at("POST", `${base}/:id/stock-adjustments` as const),
    stockAdjustments: at("GET", `${base}/:id/stock-adjustments` as const),
    one: at("GET", `${base}/:id` as const),
    add: at("POST", base),
    price: at("PUT", `${base}/price/:id` as const),
    change: at("PUT", `${base}/:id` as const),
    remove: at("DELETE", `${base}/:id` as const),
  };
}

export const BOOK_PATHS = {
  ...productPaths("/api/books"),
  authors: at("GET", "/api/books/authors"),
  addImages: at("POST", "/api/books/:id/images"),
  replaceImage: at("POST", "/api/books/:id/images/replace"),
  arrangeImages: at("PUT", "/api/books/:id/images"),
};

export const STATIONERY_PATHS = {
  ...productPaths("/api/stationery"),
  replaceImage: at("PUT", "/api/stationery/:id/image"),
};

export const LOCATION_PATHS = {
  provinces: at("GET", "/api/locations/provinces"),
  districts: at("GET", "/api/locations/districts"),
  areas: at("GET", "/api/locations/areas"),
};

export const ORDER_PATHS = {
  // The shopper's
  bankDetails: at("GET", "/api/orders/bank-details"),
  place: at("POST", "/api/orders"),
  lookup: at("POST", "/api/orders/lookup"),
  view: at("GET", "/api/orders/:id/view"),
  receipt: at("GET", "/api/orders/:id/receipt"),
  uploadProof: at("POST", "/api/orders/:id/payment-proof"),
  // The admin's
  list: at("GET", "/api/orders"),
  stats: at("GET", "/api/orders/stats"),
  status: at("PUT", "/api/orders/status"),
  slip: at("GET", "/api/orders/:id/slip"),
  export: at("GET", "/api/orders/export"),
  one: at("GET", "/api/orders/:id"),
  proof: at("GET", "/api/orders/:id/payment-proofs/:proofId"),
  payment: at("PUT", "/api/orders/:id/payment"),
  note: at("POST", "/api/orders/:id/notes"),
  refunds: at("GET", "/api/orders/:id/refunds"),
  refund: at("POST", "/api/orders/:id/refunds"),
  retryRefund: at("POST", "/api/orders/:id/refunds/:refundId/retry"),
};

export const CART_PATHS = {
  price: at("POST", "/api/cart/price"),
};

export const STOCK_ALERT_PATHS = {
  request: at("POST", "/api/stock-alerts"),
  unsubscribe: at("POST", "/api/stock-alerts/unsubscribe"),
  waiting: at("GET", "/api/stock-alerts/waiting"),
};

// The places only the admin area (and the server) use are in contract/admin_paths.ts and
// contract/fulfilment_paths.ts: kept apart, they stay out of the storefront's shared bundle.

export const VOUCHER_PATHS = {
  issue: at("POST", "/api/vouchers"),
  list: at("GET", "/api/vouchers"),
  one: at("GET", "/api/vouchers/:id"),
  balance: at("POST", "/api/vouchers/balance"),
};

export const AUTH_PATHS = {
  login: at("POST", "/api/auth/login"),
  register: at("POST", "/api/auth/register"),
  logout: at("POST", "/api/auth/logout"),
  password: at("POST", "/api/auth/password"),
  resetRequest: at("POST", "/api/auth/password-reset"),
  resetConfirm: at("POST", "/api/auth/password-reset/confirm"),
  verify: at("POST", "/api/auth/verify"),
};

export const ACCOUNT_PATHS = {
  profile: at("GET", "/api/account"),
  address: at("PUT", "/api/account/address"),
  orders: at("GET", "/api/account/orders"),
  verify: at("POST", "/api/account/verify"),
};

/** A path with its `:name` placeholders filled, each value URL-encoded. */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> = {}) {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path} needs ${name}`);
    return encodeURIComponent(String(value));
  });
}
