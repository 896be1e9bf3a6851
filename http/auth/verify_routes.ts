/**
 * POST /api/auth/verify `{token}`: confirms a customer's e-mail address with the
 * link mailed at registration (or asked for again from the account page). Anyone holding
 * the link may use it, signed in or not: only the mailbox's holder has it. The orders placed
 * earlier as a guest under the address join the account (domain/accounts/email_verification.ts),
 * and the first time a welcome mail is queued in the link's language. An unknown, used or
 * expired link is a 400 that names it; nothing is joined then.
 */
import { Hono } from "hono";
import type {
  AccountRepository,
  Clock,
  EmailVerificationStore,
  Outbox,
} from "../../domain/ports.ts";
import type { ShopInfo } from "../../domain/shop.ts";
import { confirmEmail } from "../../domain/accounts/email_verification.ts";
import type { AuditTrail } from "../../domain/audit/audit.ts";
import { errorBody, type Logger } from "../middleware/errors.ts";
import { serve } from "../routes/route_spec.ts";
import { VERIFY_ROUTES } from "../../contract/routes/mod.ts";

export interface VerifyRoutesDeps {
  accounts: Pick<AccountRepository, "findCustomerById">;
  emailVerifications: EmailVerificationStore;
  clock: Clock;
  shop: ShopInfo;
  /** Where the welcome mail waits to be sent (the mail outbox). */
  accountMail?: Pick<Outbox, "enqueue">;
  /** The audit trail, which names a shopper as the one whose orders joined their account. */
  audit?: Pick<AuditTrail, "actingAs">;
  logger?: Logger;
}

/** What a refused link is told. */
export const VERIFY_LINK_REFUSED =
  "This link has expired, was already used or is not valid: ask for a new one from your account page";

const NO_MAIL = { enqueue: () => Promise.reject(new Error("No mail outbox")) };

/** The confirmation route, with its full path: mount with `app.route("/", verifyRoutes(deps))`. */
export function verifyRoutes(deps: VerifyRoutesDeps): Hono {
  const app = new Hono();

  serve(app, "", VERIFY_ROUTES.confirm, async (c) => {
    const { token } = c.req.valid("json");
    const confirm = () =>
      confirmEmail(
        {
          verifications: deps.emailVerifications,
          mail: deps.accountMail ?? NO_MAIL,
          shop: deps.shop,
          nameOf: async (id) => (await deps.accounts.findCustomerById(id))?.username,
          onMailFailed: (error) =>
            deps.logger?.error("Welcome mail not queued", { error: String(error) }),
        },
        token,
        deps.clock.now(),
      );
    // The orders joined are the shopper's act: the audit trail names a shopper.
    const outcome = deps.audit
      ? await deps.audit.actingAs({ kind: "shopper", id: null, email: null }, confirm)
      : await confirm();
    c.header("Cache-Control", "no-store");
    if (outcome.kind === "refused") {
      return c.json(
        errorBody("VALIDATION_FAILED", VERIFY_LINK_REFUSED, [
          { field: "token", message: VERIFY_LINK_REFUSED },
        ]),
        400,
      );
    }
    const { joinedOrderIds, firstTime } = outcome.confirmed;
    return c.json({ data: { joinedOrders: joinedOrderIds.length, firstTime } }, 200);
  });

  return app;
}
