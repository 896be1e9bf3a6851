/** The admin's routes and where a visitor lands, as pure functions of the path and the session. */

export type AdminPage =
  | "login"
  | "dashboard"
  | "orders"
  | "order"
  | "stock"
  | "catalogue"
  | "edit-book"
  | "edit-stationery";

export type Resolution =
  /** `id`: the product an edit page shows. */
  | { kind: "page"; page: AdminPage; id?: number }
  | { kind: "redirect"; to: string };

export const LOGIN_PATH = "/admin";
export const HOME_PATH = "/admin/dashboard";

const PAGES: Record<string, AdminPage> = {
  "/admin": "login",
  "/admin/login": "login",
  "/admin/dashboard": "dashboard",
  "/admin/orders": "orders",
  "/admin/stock": "stock",
  "/admin/catalogue": "catalogue",
};

/** Edit pages of one product: `/admin/books/12`, `/admin/stationery/3`. */
const PRODUCT_PAGE = /^\/admin\/(books|stationery)\/([1-9]\d{0,9})$/;

/** One order's page: `/admin/orders/12`. */
const ORDER_PAGE = /^\/admin\/orders\/([1-9]\d{0,9})$/;

/** The edit page of a product. */
export function editPath(kind: "books" | "stationery", id: number): string {
  return `/admin/${kind}/${id}`;
}

/** The tabs of the admin shell, in order. */
export const TABS: { page: AdminPage; label: string; path: string }[] = [
  { page: "dashboard", label: "Dashboard", path: "/admin/dashboard" },
  { page: "orders", label: "Orders", path: "/admin/orders" },
  { page: "stock", label: "Stock", path: "/admin/stock" },
  { page: "catalogue", label: "Catalogue", path: "/admin/catalogue" },
];

/** Drops trailing slashes so that `/admin/orders/` is `/admin/orders`. */
export function normalisePath(path: string): string {
  const trimmed = path.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/**
 * What to show for a path. Logged-in visitors to the login page go to the dashboard;
 * guarded pages send a visitor without a session to the login page; unknown admin paths
 * go to the login page, which forwards logged-in visitors on.
 */
export function resolveRoute(path: string, authenticated: boolean): Resolution {
  const product = PRODUCT_PAGE.exec(normalisePath(path));
  if (product) {
    if (!authenticated) return { kind: "redirect", to: LOGIN_PATH };
    const page = product[1] === "books" ? "edit-book" : "edit-stationery";
    return { kind: "page", page, id: Number(product[2]) };
  }
  const order = ORDER_PAGE.exec(normalisePath(path));
  if (order) {
    if (!authenticated) return { kind: "redirect", to: LOGIN_PATH };
    return { kind: "page", page: "order", id: Number(order[1]) };
  }
  const page = PAGES[normalisePath(path)];
  if (page === undefined) return { kind: "redirect", to: authenticated ? HOME_PATH : LOGIN_PATH };
  if (page === "login") {
    return authenticated ? { kind: "redirect", to: HOME_PATH } : { kind: "page", page };
  }
  return authenticated ? { kind: "page", page } : { kind: "redirect", to: LOGIN_PATH };
}
