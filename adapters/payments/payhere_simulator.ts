/**
 * A local PayHere: its checkout page as the Checkout API documents it (adapters/payments/
 * payhere.ts), so the whole card flow runs on any machine without the internet. It checks
 * the form's merchant and hash as PayHere would, shows the order with "Pay", "Decline card"
 * and "Cancel", and on each sends the signed notice to `notify_url` server to server, then
 * sends the browser back to `return_url` (paid, declined) or `cancel_url` (cancelled) with
 * `order_id` added, as PayHere does. Cancel sends no notice and leaves `cancel_url` as
 * given: the Checkout API describes `cancel_url` only as where the shopper goes.
 *
 * Its addresses are the shop's, fixed as a merchant's domain is at PayHere: `notify_url` must
 * be the shop's notice address exactly, and `return_url` and `cancel_url` on the shop's own
 * origin; a form naming any other is refused, so no shopper can have a signed notice posted
 * to an address of their choosing, nor be sent on to one.
 *
 * With an App ID and App Secret it also serves the Merchant API's refunds as PayHere documents
 * them (https://support.payhere.lk/api-&-mobile-sdk/merchant-api): `POST
 * /merchant/v1/oauth/token` (Basic base64(app_id:app_secret), `grant_type=client_credentials`)
 * answers a bearer access token; `POST /merchant/v1/payment/refund` with that token and a
 * JSON body of `payment_id`, `description` and, for part of a payment, `amount` answers
 * `{ status: 1, msg, data: <refund id> }`, or `{ status: -1, msg, data: null }` for a payment
 * it did not take, or more than is left of it. `faults.refund` makes the next refunds fail
 * ("error": a 500) or take no answer ("timeout"), as the tests need.
 *
 * The shop serves it at /payhere-local when PAYHERE_SANDBOX=local (the demo); the tests
 * serve it on loopback. A checkout session is paid once; sessions are kept in memory, at
 * most `MAX_SESSIONS`, each for an hour.
 */
import { Hono } from "hono";
import { amountCents, checkoutHash, noticeSignature } from "./payhere.ts";
import { escape, page } from "./simulator_page.ts";

export const MAX_SESSIONS = 1_000;
const SESSION_MS = 60 * 60_000;

export interface SimulatorOptions {
  merchantId: string;
  merchantSecret: string;
  /** Where the app is mounted ("/payhere-local"); "" when served alone. */
  basePath: string;
  /**
   * The shop's addresses: its origin (where shoppers are sent back to) and its notice
   * address; a form with other ones is refused.
   */
  shop: { origin: string; notifyUrl: string };
  /** Sends the notice; the global fetch when absent. */
  fetch?: typeof fetch;
  /** The clock of the sessions' expiry. */
  now?: () => number;
  /** The Merchant API's App ID and App Secret; without them no refund is served. */
  app?: { id: string; secret: string };
  /** What the next refund requests meet, first first (taken off as they come). */
  faults?: { refund: ("error" | "timeout")[] };
}

/** A payment the simulator took, and what was refunded of it. */
interface TakenPayment {
  amountCents: number;
  refundedCents: number;
}

interface Session {
  fields: Record<string, string>;
  createdAt: number;
  decided: boolean;
}

const STATUS = {
  pay: { code: "2", message: "Successfully completed the payment." },
  decline: { code: "-2", message: "Payment declined by the card issuer." },
} as const;

type Decision = keyof typeof STATUS | "cancel";

/** A fresh payment id, as PayHere's: digits. */
function paymentId(): string {
  const digits = crypto.getRandomValues(new Uint32Array(2));
  return `3200${String(digits[0]).padStart(10, "0").slice(0, 8)}${digits[1] % 10_000}`;
}

/** `url` with `order_id` added to its query, as PayHere sends the shopper back. */
function withOrderId(url: string, orderId: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set("order_id", orderId);
  return parsed.toString();
}

/** The notice PayHere posts for a checkout's outcome, signed. */
export function signedNotice(
  fields: Record<string, string>,
  outcome: { code: string; message: string },
  options: { merchantSecret: string; paymentId: string },
): Record<string, string> {
  const notice = {
    merchant_id: fields.merchant_id,
    order_id: fields.order_id,
    payment_id: options.paymentId,
    payhere_amount: fields.amount,
    payhere_currency: fields.currency,
    status_code: outcome.code,
    status_message: outcome.message,
    method: "VISA",
    card_holder_name: `${fields.first_name ?? ""} ${fields.last_name ?? ""}`.trim(),
    card_no: "************1292",
    card_expiry: "12/29",
  };
  return { ...notice, md5sig: noticeSignature(notice, options.merchantSecret) };
}

/** The first of the form's addresses that is not the shop's, by its field's name. */
export function wrongAddress(
  fields: Record<string, string>,
  shop: { origin: string; notifyUrl: string },
): string | undefined {
  if (fields.notify_url !== shop.notifyUrl) return "notify_url";
  const origin = new URL(shop.origin).origin;
  for (const name of ["return_url", "cancel_url"]) {
    let parsed: URL;
    try {
      parsed = new URL(fields[name]);
    } catch {
      return name;
    }
    if (parsed.origin !== origin) return name;
  }
  return undefined;
}

export function payhereSimulator(options: SimulatorOptions): Hono {
  const app = new Hono().basePath(options.basePath || "/");
  const sessions = new Map<string, Session>();
  const now = options.now ?? Date.now;
  const send = options.fetch ?? fetch;
  const payments = new Map<string, TakenPayment>();
  const tokens = new Map<string, number>();
  let refundIds = 0;

  function forget() {
    const cutoff = now() - SESSION_MS;
    for (const [id, session] of sessions) if (session.createdAt < cutoff) sessions.delete(id);
    // Oldest first: a Map keeps its insertion order.
    while (sessions.size >= MAX_SESSIONS) sessions.delete(sessions.keys().next().value!);
  }

  app.post("/pay/checkout", async (c) => {
    const form = await c.req.parseBody();
    const fields: Record<string, string> = {};
    for (const [name, value] of Object.entries(form)) {
      if (typeof value === "string") fields[name] = value;
    }
    const missing = ["merchant_id", "order_id", "amount", "currency", "hash", "return_url"]
      .concat(["cancel_url", "notify_url"]).filter((n) => !fields[n]);
    if (missing.length > 0) {
      return page(
        "Payment refused",
        `<h1>Payment refused</h1><p>Missing: ${escape(missing.join(", "))}</p>`,
        400,
      );
    }
    const wrong = wrongAddress(fields, options.shop);
    if (wrong) {
      return page(
        "Payment refused",
        `<h1>Payment refused</h1><p>${escape(wrong)} is not this merchant's address.</p>`,
        400,
      );
    }
    if (fields.merchant_id !== options.merchantId) {
      return page("Payment refused", "<h1>Payment refused</h1><p>Unknown merchant.</p>", 400);
    }
    const expected = checkoutHash(
      fields.merchant_id,
      fields.order_id,
      fields.amount,
      fields.currency,
      options.merchantSecret,
    );
    if (expected !== fields.hash.toUpperCase()) {
      return page(
        "Payment refused",
        "<h1>Payment refused</h1><p>The hash does not match the order.</p>",
        400,
      );
    }
    if (amountCents(fields.amount) === undefined || !/^\d+\.\d{2}$/.test(fields.amount)) {
      return page(
        "Payment refused",
        "<h1>Payment refused</h1><p>The amount is not valid.</p>",
        400,
      );
    }
    forget();
    const id = crypto.randomUUID();
    sessions.set(id, { fields, createdAt: now(), decided: false });
    const action = (decision: Decision) => `${options.basePath}/pay/checkout/${id}/${decision}`;
    const name = `${fields.first_name ?? ""} ${fields.last_name ?? ""}`.trim();
    return page(
      "PayHere (local simulator)",
      `<h1>PayHere (local simulator)</h1>
<p class="sub">No card is charged: this page stands in for PayHere's checkout.</p>
<dl>
<dt>Order</dt><dd>${escape(fields.order_id)}</dd>
<dt>Items</dt><dd>${escape(fields.items ?? "")}</dd>
<dt>Amount</dt><dd>${escape(fields.currency)} ${escape(fields.amount)}</dd>
<dt>Customer</dt><dd>${escape(name)}</dd>
</dl>
<form method="post" action="${
        escape(action("pay"))
      }"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="${
        escape(action("decline"))
      }"><button class="other" type="submit">Decline card</button></form>
<form method="post" action="${
        escape(action("cancel"))
      }"><button class="other" type="submit">Cancel</button></form>`,
    );
  });

  app.post("/pay/checkout/:session/:decision{pay|decline|cancel}", async (c) => {
    const session = sessions.get(c.req.param("session"));
    if (!session || now() - session.createdAt > SESSION_MS) {
      return page("Payment expired", "<h1>This payment has expired</h1>", 404);
    }
    if (session.decided) {
      return page("Already decided", "<h1>This payment was already made or cancelled</h1>", 409);
    }
    session.decided = true;
    const decision = c.req.param("decision") as Decision;
    if (decision === "cancel") return c.redirect(session.fields.cancel_url, 302);
    const id = paymentId();
    const notice = signedNotice(session.fields, STATUS[decision as keyof typeof STATUS], {
      merchantSecret: options.merchantSecret,
      paymentId: id,
    });
    if (decision === "pay") {
      payments.set(id, { amountCents: amountCents(session.fields.amount) ?? 0, refundedCents: 0 });
    }
    // The notice first, as PayHere sends it before the shopper is back; a shop that does
    // not answer does not keep the shopper here.
    try {
      const answer = await send(session.fields.notify_url, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(notice).toString(),
        signal: AbortSignal.timeout(10_000),
      });
      await answer.body?.cancel();
    } catch {
      // The real gateway retries on its own schedule; the simulator moves on.
    }
    return c.redirect(withOrderId(session.fields.return_url, session.fields.order_id), 302);
  });

  app.post("/merchant/v1/oauth/token", async (c) => {
    const expected = options.app && "Basic " + btoa(`${options.app.id}:${options.app.secret}`);
    const form = new URLSearchParams(await c.req.text());
    if (!expected || c.req.header("Authorization") !== expected) {
      return c.json({ error: "invalid_client", error_description: "Bad client credentials" }, 401);
    }
    if (form.get("grant_type") !== "client_credentials") {
      return c.json({ error: "unsupported_grant_type" }, 400);
    }
    const token = crypto.randomUUID();
    tokens.set(token, now() + 600_000);
    return c.json({
      access_token: token,
      token_type: "bearer",
      expires_in: 599,
      scope: "SANDBOX",
    });
  });

  app.post("/merchant/v1/payment/refund", async (c) => {
    const bearer = /^Bearer (.+)$/.exec(c.req.header("Authorization") ?? "")?.[1];
    const until = bearer === undefined ? undefined : tokens.get(bearer);
    if (until === undefined || until < now()) {
      return c.json({ error: "invalid_token", error_description: "Invalid access token" }, 401);
    }
    const fault = options.faults?.refund.shift();
    if (fault === "error") return c.json({ status: -1, msg: "Internal server error" }, 500);
    if (fault === "timeout") {
      // No answer until the caller gives up (or a minute passes).
      const signal = c.req.raw.signal;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 60_000);
        signal.addEventListener("abort", () => {
          clearTimeout(timer);
          resolve();
        }, { once: true });
      });
      return c.json({ status: -1, msg: "Too late" }, 504);
    }
    let body: { payment_id?: unknown; description?: unknown; amount?: unknown };
    try {
      body = await c.req.json();
    } catch {
      return c.json({ status: -1, msg: "Malformed request", data: null }, 400);
    }
    const taken = typeof body.payment_id === "string" ? payments.get(body.payment_id) : undefined;
    if (!taken) return c.json({ status: -1, msg: "Payment not found", data: null });
    if (typeof body.description !== "string" || body.description.trim() === "") {
      return c.json({ status: -1, msg: "Description is required", data: null });
    }
    const left = taken.amountCents - taken.refundedCents;
    const asked = body.amount === undefined
      ? left
      : amountCents(typeof body.amount === "number" ? body.amount.toFixed(2) : String(body.amount));
    if (asked === undefined || asked <= 0 || asked > left) {
      return c.json({ status: -1, msg: "Invalid refund amount", data: null });
    }
    taken.refundedCents += asked;
    refundIds += 1;
    return c.json({
      status: 1,
      msg: "Successfully submitted the refund request",
      data: 2_000_000 + refundIds,
    });
  });

  return app;
}
