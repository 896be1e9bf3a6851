/** The admin's routes and where a visitor lands, as pure functions of the path and the session. */
import type { AdminTask } from "../../domain/accounts/admin_roles.ts";

export type AdminPage =
  | "login"
  | "reset-password"
  | "dashboard"
  | "orders"
  | "order"
  | "stock"
  | "catalogue"
  | "edit-book"
  | "edit-stationery"
  | "promotions"
  | "reports"
  | "vouchers"
  | "staff"
  | "invitation"
  | "audit"
  | "settings"
  | "couriers"
  | "cod";

export type Resolution =
  /** `id`: the product an edit page shows. */
  | { kind: "page"; page: AdminPage; id?: number }
  | { kind: "redirect"; to: string };

export const LOGIN_PATH = "/admin";
/** A forgotten password: the form that mails a link, and with the link's token, the new one. */
export const RESET_PATH = "/admin/reset-password";
export const HOME_PATH = "/admin/dashboard";
/** An invitation's link: the form that sets a new admin's first password. */
export const INVITATION_PATH = "/admin/invitation";

const PAGES: Record<string, AdminPage> = {
  "/admin": "login",
  "/admin/login": "login",
  "/admin/reset-password": "reset-password",
  "/admin/dashboard": "dashboard",
  "/admin/orders": "orders",
  "/admin/stock": "stock",
  "/admin/catalogue": "catalogue",
  "/admin/promotions": "promotions",
  "/admin/reports": "reports",
  "/admin/vouchers": "vouchers",
  "/admin/staff": "staff",
  "/admin/invitation": "invitation",
  "/admin/audit": "audit",
  "/admin/settings": "settings",
  "/admin/couriers": "couriers",
  "/admin/cod": "cod",
};

/** Edit pages of one product: `/admin/books/12`, `/admin/stationery/3`. */
const PRODUCT_PAGE = /^\/admin\/(books|stationery)\/([1-9]\d{0,9})$/;

/** One order's page: `/admin/orders/12`. */
const ORDER_PAGE = /^\/admin\/orders\/([1-9]\d{0,9})$/;

/** The edit page of a product. */
export function editPath(kind: "books" | "stationery", id: number): string {
  return `/admin/${kind}/${id}`;
}

/**
 * The tabs of the admin shell, in order, each with the task its page is for: a tab shows
 * only to a role that may do it (the server refuses the rest anyway).
 */
export const TABS: { page: AdminPage; label: string; path: string; task: AdminTask }[] = [
  { page: "dashboard", label: "Dashboard", path: "/admin/dashboard", task: "catalogue" },
  { page: "orders", label: "Orders", path: "/admin/orders", task: "orders" },
  { page: "stock", label: "Stock", path: "/admin/stock", task: "stock" },
  { page: "catalogue", label: "Catalogue", path: "/admin/catalogue", task: "catalogue" },
  { page: "promotions", label: "Promotions", path: "/admin/promotions", task: "promotions" },
  { page: "reports", label: "Reports", path: "/admin/reports", task: "reports" },
  { page: "vouchers", label: "Gift vouchers", path: "/admin/vouchers", task: "vouchers" },
  { page: "cod", label: "Cash on delivery", path: "/admin/cod", task: "reports" },
  { page: "couriers", label: "Couriers", path: "/admin/couriers", task: "settings" },
  { page: "staff", label: "Staff", path: "/admin/staff", task: "staff" },
  { page: "audit", label: "Audit log", path: "/admin/audit", task: "audit" },
  { page: "settings", label: "Settings", path: "/admin/settings", task: "settings" },
];

/** The task each signed-in page is for: a role that may not do it is told so instead. */
export function pageTask(page: AdminPage): AdminTask | undefined {
  if (page === "order") return "orders";
  if (page === "edit-book" || page === "edit-stationery") return "catalogue";
  return TABS.find((tab) => tab.page === page)?.task;
}

/** Drops trailing slashes so that `/admin/orders/` is `/admin/orders`. */
export function normalisePath(path: string): string {
  const trimmed = path.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/** The page a path shows to a signed-in admin; undefined for a path that is no page. */
function pageAt(path: string): { page: AdminPage; id?: number } | undefined {
  const normal = normalisePath(path);
  const product = PRODUCT_PAGE.exec(normal);
  if (product) {
    return {
      page: product[1] === "books" ? "edit-book" : "edit-stationery",
      id: Number(product[2]),
    };
  }
  const order = ORDER_PAGE.exec(normal);
  if (order) return { page: "order", id: Number(order[1]) };
  const page = PAGES[normal];
  return page === undefined ? undefined : { page };
}

/** The pages anyone may open: signing in and a forgotten password. */
const OPEN_PAGES: ReadonlySet<AdminPage> = new Set(["login", "reset-password", "invitation"]);

/** The query parameter of the login page that names where to go after signing in. */
export const NEXT_PARAMETER = "next";

/** The login page, asked to return to `path` (with its query) after signing in. */
export function loginPathFor(path: string, search = ""): string {
  return `${LOGIN_PATH}?${new URLSearchParams({ [NEXT_PARAMETER]: path + search })}`;
}

/** Any origin: a return path is read against it, and kept only while it stays there. */
const HERE = "http://admin.invalid";

/**
 * Where the login page may send a signed-in admin back to: `next` when it is a path of
 * this site's admin area that shows a page (with its query, normalised as the browser
 * reads it), otherwise undefined. A full URL, one to another host (`//evil.example`,
 * `/\evil.example`), a path that leaves /admin (`/admin/../x`) or the login page itself
 * is refused: a link may not use the login to send the admin anywhere else.
 *
 * @example returnPath("/admin/orders/4") // "/admin/orders/4"
 * @example returnPath("//evil.example/admin/orders") // undefined
 */
export function returnPath(next: string | null | undefined): string | undefined {
  if (!next || !next.startsWith("/admin/")) return undefined;
  let url: URL;
  try {
    url = new URL(next, HERE);
  } catch {
    return undefined;
  }
  if (url.origin !== HERE) return undefined;
  const found = pageAt(url.pathname);
  if (found === undefined || OPEN_PAGES.has(found.page)) return undefined;
  return url.pathname + url.search;
}

/**
 * What to show for a path. Logged-in visitors to the login page go where its `next`
 * parameter says (returnPath), else to the dashboard; guarded pages send a visitor without
 * a session to the login page, which names the page (and its query) to come back to; the
 * reset page opens for anyone; unknown admin paths go to the login page, which forwards
 * logged-in visitors on.
 */
export function resolveRoute(path: string, authenticated: boolean, search = ""): Resolution {
  const found = pageAt(path);
  if (found === undefined) {
    return { kind: "redirect", to: authenticated ? HOME_PATH : LOGIN_PATH };
  }
  // A reset or invitation link opens its page whoever is signed in here.
  if (found.page === "reset-password" || found.page === "invitation") {
    return { kind: "page", page: found.page };
  }
  if (found.page === "login") {
    if (!authenticated) return { kind: "page", page: "login" };
    const next = new URLSearchParams(search).get(NEXT_PARAMETER);
    return { kind: "redirect", to: returnPath(next) ?? HOME_PATH };
  }
  if (!authenticated) {
    return { kind: "redirect", to: loginPathFor(normalisePath(path), search) };
  }
  return { kind: "page", ...found };
}
