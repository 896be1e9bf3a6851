/**
 * A customer's own account: who they are, whether their e-mail address is confirmed, the
 * default delivery address that prefills checkout, and their orders (those placed while
 * signed in, and, once the address is confirmed, those placed before as a guest under it).
 * Every route needs a live customer token (401 without one, 403 for an admin's); nobody
 * sees another's data. A new confirmation link may be asked for 3 times an hour.
 */
import { Hono } from "hono";
import type {
  AccountRepository,
  CustomerOrders,
  EmailVerificationStore,
  Locations,
  RateLimitStore,
} from "../../domain/ports.ts";
import { sendVerificationLink } from "../../domain/accounts/email_verification.ts";
import { limitKey } from "../auth/attempts.ts";
import { MemoryRateLimitStore } from "../auth/rate_limit.ts";
import { customerOrderView } from "../../domain/orders/customer_view.ts";
import { orderUrl } from "./order_customer.ts";
import type { AppDeps } from "../deps.ts";
import { destinationProblem } from "../../domain/orders/place_order.ts";
import { ApiError, tooManyRequests, validationFailed } from "../middleware/errors.ts";
import { type AccountEnv, requireSignedIn } from "../auth/require_account.ts";
import type { TokenService } from "../auth/tokens.ts";
import { serve } from "./route_spec.ts";
import { ACCOUNT_ROUTES } from "../../contract/routes/mod.ts";

export interface AccountRoutesDeps
  extends Pick<AppDeps, "orderKeys" | "shop" | "clock" | "accountMail"> {
  accounts: AccountRepository;
  customerOrders: CustomerOrders;
  locations: Locations;
  tokens: TokenService;
  emailVerifications: EmailVerificationStore;
  /** Where the asks for a new confirmation link are counted; this process's memory when absent. */
  rateLimits?: RateLimitStore;
}

/** New confirmation links one account may ask for. */
export const VERIFICATION_MAILS_PER_HOUR = 3;

const DESTINATION_MESSAGES = {
  unknown_area: ["area", "No such area"],
  area_not_in_district: ["area", "This area is not in the chosen district"],
  district_not_in_province: ["district", "This district is not in the chosen province"],
} as const;

const BASE = "/api/account";

/** Mount with `app.route("/api/account", accountRoutes(deps))`. */
export function accountRoutes(deps: AccountRoutesDeps): Hono<AccountEnv> {
  const app = new Hono<AccountEnv>();
  const limits = deps.rateLimits ?? new MemoryRateLimitStore();
  app.use("*", requireSignedIn(deps.tokens, "customer"));

  async function profileOf(id: number) {
    const profile = await deps.accounts.findCustomerById(id);
    if (!profile) {
      // The account is gone: its tokens are no use any more.
      await deps.tokens.endAll("customer", id);
      throw new ApiError(401, "UNAUTHORIZED", "This account no longer exists");
    }
    return profile;
  }

  serve(app, BASE, ACCOUNT_ROUTES.profile, async (c) => {
    const profile = await profileOf(c.get("account").id);
    const verifiedAt = await deps.emailVerifications.verifiedAt(profile.id);
    c.header("Cache-Control", "no-store");
    return c.json({
      data: {
        id: profile.id,
        username: profile.username,
        email: profile.email,
        address: profile.address,
        emailVerified: verifiedAt !== undefined,
      },
    });
  });

  serve(app, BASE, ACCOUNT_ROUTES.address, async (c) => {
    const id = c.get("account").id;
    const body = c.req.valid("json");
    const found = await deps.locations.findArea(body.area);
    const problem = destinationProblem(
      { provinceId: body.province, districtId: body.district, areaId: body.area },
      found,
    );
    if (problem) {
      const [field, message] = DESTINATION_MESSAGES[problem];
      throw validationFailed([{ field, message }]);
    }
    const address = {
      name: body.name,
      phone: body.phone,
      address: body.address,
      postalCode: body.postalCode,
      province: body.province,
      district: body.district,
      area: body.area,
    };
    if (!await deps.accounts.saveCustomerAddress(id, address)) await profileOf(id);
    return c.json({ data: address });
  });

  serve(app, BASE, ACCOUNT_ROUTES.orders, async (c) => {
    // Only the signed-in customer's own orders, so the keys to their pages go to their owner.
    const orders = await deps.customerOrders.listByUser(c.get("account").id);
    const rows = await Promise.all(orders.map(async (order) => ({
      ...customerOrderView(order),
      order_url: await orderUrl(deps, order) ?? null,
    })));
    c.header("Cache-Control", "no-store");
    return c.json({ data: rows });
  });

  serve(app, BASE, ACCOUNT_ROUTES.verification, async (c) => {
    const { language } = c.req.valid("json");
    const profile = await profileOf(c.get("account").id);
    if (await deps.emailVerifications.verifiedAt(profile.id)) {
      throw new ApiError(409, "CONFLICT", "This e-mail address is already confirmed");
    }
    if (!deps.accountMail) throw new Error("No mail outbox: the confirmation link cannot be sent");
    const now = deps.clock.now();
    const key = await limitKey("verify-mail:account", String(profile.id));
    const decision = await limits.hit(
      [{ key, limit: VERIFICATION_MAILS_PER_HOUR, windowMs: 60 * 60_000 }],
      now,
    );
    if (!decision.allowed) {
      throw tooManyRequests(
        "A confirmation link was mailed several times in the last hour: use the latest, or try again later",
        decision.retryAfterSeconds,
      );
    }
    try {
      await sendVerificationLink(
        { verifications: deps.emailVerifications, mail: deps.accountMail, shop: deps.shop },
        profile,
        language,
        now,
      );
    } catch (error) {
      // Not sent (an outage): the ask does not count against the customer.
      await limits.release(key, now).catch(() => {});
      throw error;
    }
    return c.body(null, 202);
  });

  return app;
}
