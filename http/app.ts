/**
 * The HTTP app: `createApp(deps)` wires the routes of every resource over the ports it
 * is given. No module-level state: two apps never share anything.
 *
 * Order matters: request id and security headers wrap everything; the admin guard is
 * put in front of every admin route of the route table before any route is mounted;
 * then the body gate (each route's body cap and read deadlines, nothing read); control
 * characters in paths and queries are refused for every route at once, and in bodies by
 * the readers that parse them (validation.ts); unknown /api paths answer a JSON 404
 * before the pages get the rest.
 */
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { compression } from "./middleware/compression.ts";
import { responseCache } from "./middleware/response_cache.ts";
import { adminRouteMatcher, httpCaching } from "./middleware/http_caching.ts";
import type { AppDeps, AppEnv } from "./deps.ts";
import {
  boundedErrors,
  notFound,
  TIMED_OUT_LOG,
  toErrorResponse,
  UNAVAILABLE_LOG,
} from "./middleware/errors.ts";
import { securityHeaders } from "./middleware/security.ts";
import { refuseControlCharacters } from "./middleware/text_rule.ts";
import { DEFAULT_BODY_TIMEOUTS } from "./middleware/body_timeout.ts";
import { bodyGate } from "./middleware/body_gate.ts";
import { opsEndpoints, requestLog } from "./middleware/ops.ts";
import { requestIds } from "./middleware/request_id.ts";
import { ADMIN_ROUTES, OPENAPI_ROUTES, ROUTES } from "../contract/routes/mod.ts";
import { serve } from "./routes/route_spec.ts";
import { openApiDocument } from "./routes/openapi.ts";
import { authRoutes } from "./auth/routes.ts";
import { sessionRoutes } from "./auth/session_routes.ts";
import { resetRoutes } from "./auth/reset_routes.ts";
import { verifyRoutes } from "./auth/verify_routes.ts";
import { HashingShare } from "./auth/hashing_share.ts";
import { reportRoutes } from "./routes/reports.ts";
import { type AdminEnv, requireAdmin } from "./auth/require_admin.ts";
import { booksRoutes } from "./routes/books.ts";
import { stationeryRoutes } from "./routes/stationery.ts";
import { categoryRoutes } from "./routes/categories.ts";
import { locationRoutes } from "./routes/locations.ts";
import { orderRoutes } from "./routes/orders.ts";
import { cartRoutes } from "./routes/cart.ts";
import { CodeAttempts, type GuessingNotice } from "./routes/code_attempts.ts";
import { codeGuessingMail } from "../domain/notifications/account_mail.ts";
import { MemoryRateLimitStore } from "./auth/rate_limit.ts";
import { accountRoutes } from "./routes/account.ts";
import { paymentRoutes } from "./routes/payments.ts";
import { promotionRoutes } from "./routes/promotions.ts";
import { staffRoutes } from "./routes/staff.ts";
import { uploadsRoute } from "./uploads/mod.ts";
import { stockAlertRoutes } from "./routes/stock_alerts.ts";
import { voucherRoutes } from "./routes/vouchers.ts";
import { fulfilmentRoutes } from "./routes/fulfilment.ts";
import { actingAs, adminActor, auditRoutes } from "./routes/audit.ts";
import { WorkGuard } from "./middleware/work_budget.ts";
import { settingsRoutes } from "./routes/settings.ts";
import { MemorySettings } from "../domain/settings/memory_settings.ts";
import { ownerPageRoutes } from "./routes/owner_pages.ts";

export type { AppDeps, AppEnv } from "./deps.ts";
export { ADMIN_ROUTES, ROUTES } from "../contract/routes/mod.ts";

export { MAX_JSON_BYTES } from "./middleware/body_gate.ts";

/** The shop's HTTP app over the given ports. */
export function createApp(given: AppDeps): Hono<AppEnv> {
  // One lane of heavy requests (reports, exports, imports) for the whole app.
  const deps = {
    ...given,
    work: given.work ?? new WorkGuard(),
    settings: given.settings ?? new MemorySettings(),
  };
  const app = new Hono<AppEnv>();
  // A flood of 503s writes a line every few seconds, not one per request.
  const errorLog = boundedErrors(deps.logger, { messages: [UNAVAILABLE_LOG, TIMED_OUT_LOG] });
  app.onError((error, c) =>
    toErrorResponse(c, error, { logger: errorLog, requestId: c.get("requestId") ?? "none" })
  );
  app.use(requestIds());
  app.use(requestLog(deps.logger));
  app.use(securityHeaders({ hsts: deps.shop.publicUrl.startsWith("https:") }));
  app.use(opsEndpoints(deps.readiness, deps.jobs));
  // Outside the answer cache: its answers get the same headers and 304s as new ones.
  app.use(httpCaching({ isAdminRoute: adminRouteMatcher(ROUTES) }));
  if (deps.responseCache) app.use(responseCache(deps.responseCache));
  app.use(compression());
  // Admin routes refuse a stranger, and a role the route's task does not admit, before any
  // body is read (a form may hold 50 MB). Each admin route's guard is derived from its
  // declaration: the task it does decides the roles it admits (domain/accounts/admin_roles.ts).
  // A path written out in full (GET /api/orders/export, GET /api/orders/bank-details) is
  // judged by its own declaration alone, not by a pattern's (`/api/orders/:id`) that
  // matches it too; HEAD is routed as GET (Hono answers it with GET's handler, body
  // dropped), so it is judged as the GET it stands for.
  const literal = new Map(
    ROUTES.filter((r) => !r.path.includes(":")).map((r) => [`${r.method} ${r.path}`, r]),
  );
  for (const route of ADMIN_ROUTES) {
    if (!route.admin) continue;
    const admitted = requireAdmin(deps.tokens, route.admin) as unknown as MiddlewareHandler<
      AppEnv
    >;
    // What an admin's request changes is recorded in the audit trail as theirs.
    const guard: MiddlewareHandler<AppEnv> = (c, next) =>
      admitted(
        c,
        () => actingAs(deps, adminActor((c as unknown as Context<AdminEnv>).get("admin")), next),
      );
    app.on(route.method, route.path, (c, next) => {
      const method = c.req.method === "HEAD" ? "GET" : c.req.method;
      const own = literal.get(`${method} ${c.req.path}`);
      return own !== undefined && own !== route ? next() : guard(c, next);
    });
  }
  // No body is read here: each route's handler reads its own, within the route's cap and
  // the read deadlines, after its guard and checks; a body no route takes is never read.
  app.use("/api/*", bodyGate(ROUTES, deps.bodyTimeouts ?? DEFAULT_BODY_TIMEOUTS));
  app.use(refuseControlCharacters());

  // One share of the hashing lanes per address, whichever route hashes.
  const hashingShare = new HashingShare(deps.hashingPerAddress);
  app.route("/", authRoutes({ ...deps, hashingShare }));
  app.route(
    "/",
    sessionRoutes({
      ...deps,
      hashingShare,
      onPasswordChanged: (role, id) => deps.passwordResets.endAll(role, id),
    }),
  );
  app.route("/", resetRoutes({ ...deps, hashingShare }));
  app.route("/", verifyRoutes(deps));
  app.route("/api/books", booksRoutes(deps));
  app.route("/api/stationery", stationeryRoutes(deps));
  app.route("/api/categories", categoryRoutes(deps, "book"));
  app.route("/api/stationery-categories", categoryRoutes(deps, "stationery"));
  app.route("/api/locations", locationRoutes(deps));
  // Refused discount codes count per client alike on the cart's pricing and on orders.
  const accountMail = deps.accountMail;
  const codeAttempts = new CodeAttempts({
    store: deps.rateLimits ?? new MemoryRateLimitStore(),
    rule: deps.codeAttemptLimit,
    shopRule: deps.codeRefusalShopLimit,
    clock: deps.clock,
    // The owner hears when codes are refused past the shop-wide bound (once a window).
    ...(accountMail
      ? {
        onShopBound: (notice: GuessingNotice) =>
          accountMail.enqueue(
            codeGuessingMail({
              to: deps.notifyEmail ?? deps.shop.email,
              ...notice,
              shop: deps.shop,
            }),
          ),
      }
      : {}),
  });
  // Refused gift voucher codes count per client alike on the cart, orders and the balance check.
  const voucherAttempts = new CodeAttempts({
    store: deps.rateLimits ?? new MemoryRateLimitStore(),
    rule: deps.codeAttemptLimit,
    clock: deps.clock,
    scope: "voucher",
  });
  app.route("/api/orders", orderRoutes({ ...deps, codeAttempts, voucherAttempts }));
  app.route("/api/cart", cartRoutes({ ...deps, codeAttempts, voucherAttempts }));
  app.route("/api/account", accountRoutes(deps));
  app.route("/api/payments", paymentRoutes(deps));
  app.route("/api/promotions", promotionRoutes(deps));
  app.route("/api/reports", reportRoutes(deps));
  app.route("/api/staff", staffRoutes(deps));
  app.route("/api/stock-alerts", stockAlertRoutes(deps));
  app.route("/api/vouchers", voucherRoutes({ ...deps, voucherAttempts }));
  // Parcels, couriers and cash on delivery: only where the shop keeps them.
  if (deps.fulfilment) {
    app.route("/api/fulfilment", fulfilmentRoutes({ ...deps, fulfilment: deps.fulfilment }));
  }
  app.route("/api/audit", auditRoutes(deps));
  app.route("/api/settings", settingsRoutes(deps));
  app.route("/api/pages", ownerPageRoutes(deps));

  const document = openApiDocument(ROUTES, { serverUrl: deps.shop.publicUrl });
  serve(app, "", OPENAPI_ROUTES.document, (c) => c.json(document));

  app.route("/", uploadsRoute(deps.images));

  app.all("/api/*", (c) => {
    throw notFound("Route", `${c.req.method} ${c.req.path}`);
  });
  if (deps.pages) app.route("/", deps.pages);
  app.notFound((c) => {
    throw notFound("Page", c.req.path);
  });
  return app;
}
