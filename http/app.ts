/**
 * The HTTP app: `createApp(deps)` wires the routes of every resource over the ports it
 * is given. No module-level state: two apps never share anything.
 *
 * Order matters: request id and security headers wrap everything; the admin guard is
 * put in front of every admin route of the route table before any route is mounted;
 * control characters are refused for every route at once, after the body limits;
 * unknown /api paths answer a JSON 404 before the pages get the rest.
 */
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { MAX_CSV_BYTES } from "./routes/catalogue_csv.ts";
import { compression } from "./middleware/compression.ts";
import { responseCache } from "./middleware/response_cache.ts";
import { adminRouteMatcher, httpCaching } from "./middleware/http_caching.ts";
import type { AppDeps, AppEnv } from "./deps.ts";
import {
  ApiError,
  boundedErrors,
  notFound,
  TIMED_OUT_LOG,
  toErrorResponse,
  UNAVAILABLE_LOG,
} from "./middleware/errors.ts";
import { securityHeaders } from "./middleware/security.ts";
import { refuseControlCharacters } from "./middleware/text_rule.ts";
import {
  type BodyAllowance,
  bodyReadTimeouts,
  DEFAULT_BODY_TIMEOUTS,
} from "./middleware/body_timeout.ts";
import { opsEndpoints, requestLog } from "./middleware/ops.ts";
import { requestIds } from "./middleware/request_id.ts";
import { ADMIN_ROUTES, OPENAPI_ROUTES, ROUTES } from "../contract/routes/mod.ts";
import { serve } from "./routes/route_spec.ts";
import { openApiDocument } from "./routes/openapi.ts";
import { authRoutes } from "./auth/routes.ts";
import { sessionRoutes } from "./auth/session_routes.ts";
import { resetRoutes } from "./auth/reset_routes.ts";
import { HashingShare } from "./auth/hashing_share.ts";
import { requireAdmin } from "./auth/require_admin.ts";
import { booksRoutes } from "./routes/books.ts";
import { stationeryRoutes } from "./routes/stationery.ts";
import { categoryRoutes } from "./routes/categories.ts";
import { locationRoutes } from "./routes/locations.ts";
import { orderRoutes } from "./routes/orders.ts";
import { accountRoutes } from "./routes/account.ts";
import { uploadsRoute } from "./uploads/mod.ts";
import { MAX_IMAGE_BYTES, MAX_IMAGES } from "./routes/product_images.ts";

export type { AppDeps, AppEnv } from "./deps.ts";
export { ADMIN_ROUTES, ROUTES } from "../contract/routes/mod.ts";

/** JSON bodies are small: an order of 100 lines is far below this. */
export const MAX_JSON_BYTES = 64 * 1024;
/** A product form: its images and some room for the text fields. */
export const MAX_MULTIPART_BYTES = MAX_IMAGES * MAX_IMAGE_BYTES + 256 * 1024;

function tooLarge(limit: number): ApiError {
  return new ApiError(413, "PAYLOAD_TOO_LARGE", `Request body is larger than ${limit} bytes`);
}

/** A body limit per media type: multipart forms carry images, everything else is small. */
function bodyLimits(): MiddlewareHandler {
  const json = bodyLimit({
    maxSize: MAX_JSON_BYTES,
    onError: () => {
      throw tooLarge(MAX_JSON_BYTES);
    },
  });
  const multipart = bodyLimit({
    maxSize: MAX_MULTIPART_BYTES,
    onError: () => {
      throw tooLarge(MAX_MULTIPART_BYTES);
    },
  });
  const csv = bodyLimit({
    maxSize: MAX_CSV_BYTES,
    onError: () => {
      throw new ApiError(413, "PAYLOAD_TOO_LARGE", "A CSV file may be at most 10 MB");
    },
  });
  const limits = { json, multipart, csv };
  return (c, next) => limits[bodyKind(c)](c, next);
}

type BodyKind = "json" | "multipart" | "csv";

/** What a request's body is, for its size limit and its read deadline alike. */
function bodyKind(c: Context): BodyKind {
  if (c.req.path.endsWith("/import")) return "csv";
  const type = (c.req.header("Content-Type") ?? "").toLowerCase();
  return type.startsWith("multipart/form-data") ? "multipart" : "json";
}

const MAX_BYTES: Record<BodyKind, number> = {
  json: MAX_JSON_BYTES,
  multipart: MAX_MULTIPART_BYTES,
  csv: MAX_CSV_BYTES,
};

/** The body limit's cap and whether the body is a large upload, for the read deadlines. */
function bodyAllowance(c: Context): BodyAllowance {
  const kind = bodyKind(c);
  return { maxBytes: MAX_BYTES[kind], upload: kind !== "json" };
}

/** The shop's HTTP app over the given ports. */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // A flood of 503s writes a line every few seconds, not one per request.
  const errorLog = boundedErrors(deps.logger, { messages: [UNAVAILABLE_LOG, TIMED_OUT_LOG] });
  app.onError((error, c) =>
    toErrorResponse(c, error, { logger: errorLog, requestId: c.get("requestId") ?? "none" })
  );
  app.use(requestIds());
  app.use(requestLog(deps.logger));
  app.use(securityHeaders({ hsts: deps.shop.publicUrl.startsWith("https:") }));
  app.use(opsEndpoints(deps.readiness));
  // Outside the answer cache: its answers get the same headers and 304s as new ones.
  app.use(httpCaching({ isAdminRoute: adminRouteMatcher(ROUTES) }));
  if (deps.responseCache) app.use(responseCache(deps.responseCache));
  app.use(compression());
  // Admin routes refuse a stranger before any body is read (a form may hold 50 MB).
  const guard = requireAdmin(deps.tokens) as unknown as MiddlewareHandler<AppEnv>;
  // A public route's own path (GET /api/orders/bank-details) is not an admin pattern's id.
  const publicPaths = new Set(
    ROUTES.filter((r) => !r.admin && !r.path.includes(":")).map((r) => `${r.method} ${r.path}`),
  );
  // HEAD is routed as GET (Hono answers it with GET's handler, body dropped): it is judged
  // as the GET it stands for.
  const adminGuard: MiddlewareHandler<AppEnv> = (c, next) => {
    const method = c.req.method === "HEAD" ? "GET" : c.req.method;
    return publicPaths.has(`${method} ${c.req.path}`) ? next() : guard(c, next);
  };
  for (const route of ADMIN_ROUTES) app.on(route.method, route.path, adminGuard);
  // A body that trickles is cut off (408) before the limits read it.
  app.use(
    "/api/*",
    bodyReadTimeouts(deps.bodyTimeouts ?? DEFAULT_BODY_TIMEOUTS, bodyAllowance),
  );
  app.use("/api/*", bodyLimits());
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
  app.route("/api/books", booksRoutes(deps));
  app.route("/api/stationery", stationeryRoutes(deps));
  app.route("/api/categories", categoryRoutes(deps, "book"));
  app.route("/api/stationery-categories", categoryRoutes(deps, "stationery"));
  app.route("/api/locations", locationRoutes(deps));
  app.route("/api/orders", orderRoutes(deps));
  app.route("/api/account", accountRoutes(deps));

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
