/**
 * A local Koko: its `orderCreate` checkout as the merchant integration documents it
 * (adapters/payments/koko.ts), so paying in instalments runs on any machine without the
 * internet. It checks the form's merchant, API key and RSA signature as Koko would, shows the
 * order split into three instalments with "Pay first instalment", "Decline" and "Cancel", and
 * on the first two sends the notice, signed with its own key, to `_responseUrl` server to
 * server, then sends the browser back to `_returnUrl`; Cancel sends it to `_cancelUrl` with no
 * notice.
 *
 * Its addresses are the shop's, as a merchant's are registered with Koko: `_responseUrl` must
 * be the shop's notice address exactly, `_returnUrl` and `_cancelUrl` on the shop's own origin.
 * The shop serves it at /koko-local when KOKO_SANDBOX=local (the demo), with key pairs made at
 * start; the tests serve it on loopback. A checkout is decided once; at most `MAX_SESSIONS`
 * are kept, each for an hour.
 */
import { Hono } from "hono";
import type { KeyObject } from "node:crypto";
import { checkoutDataString, noticeDataString, rsaSign, rsaVerify } from "./koko.ts";
import { plainAmountCents } from "./amounts.ts";
import { escape, page } from "./simulator_page.ts";

export const MAX_SESSIONS = 1_000;
const SESSION_MS = 60 * 60_000;

export interface KokoSimulatorOptions {
  merchantId: string;
  apiKey: string;
  /** The merchant's public key, which checks the checkout's signature. */
  merchantPublicKey: KeyObject | string;
  /** Koko's private key, which signs its notices. */
  kokoPrivateKey: KeyObject | string;
  /** Where the app is mounted ("/koko-local"); "" when served alone. */
  basePath: string;
  /** The shop's origin and its notice address; a form naming others is refused. */
  shop: { origin: string; notifyUrl: string };
  /** Sends the notice; the global fetch when absent. */
  fetch?: typeof fetch;
  now?: () => number;
}

interface Session {
  fields: Record<string, string>;
  createdAt: number;
  decided: boolean;
}

type Decision = "pay" | "decline" | "cancel";

const STATUS = {
  pay: { status: "SUCCESS", desc: "Payment successful" },
  decline: { status: "FAILED", desc: "The customer's Koko payment was not approved" },
} as const;

const REQUIRED = [
  "_mId",
  "api_key",
  "_returnUrl",
  "_cancelUrl",
  "_responseUrl",
  "_amount",
  "_currency",
  "_orderId",
  "dataString",
  "signature",
];

function refused(reason: string, status = 400): Response {
  return page("Payment refused", `<h1>Payment refused</h1><p>${escape(reason)}</p>`, status);
}

/** The first of the form's addresses that is not the shop's, by its field's name. */
export function wrongKokoAddress(
  fields: Record<string, string>,
  shop: { origin: string; notifyUrl: string },
): string | undefined {
  if (fields._responseUrl !== shop.notifyUrl) return "_responseUrl";
  const origin = new URL(shop.origin).origin;
  for (const name of ["_returnUrl", "_cancelUrl"]) {
    try {
      if (new URL(fields[name]).origin !== origin) return name;
    } catch {
      return name;
    }
  }
  return undefined;
}

/** The notice Koko posts for a checkout's outcome, signed with Koko's key. */
export function signedKokoNotice(
  orderId: string,
  outcome: { status: string; desc: string },
  options: { trnId: string; kokoPrivateKey: KeyObject | string },
): Record<string, string> {
  const notice = { orderId, trnId: options.trnId, status: outcome.status };
  return {
    ...notice,
    desc: outcome.desc,
    signature: rsaSign(noticeDataString(notice), options.kokoPrivateKey),
  };
}

/** Rupees as the page shows them: "4,351.50". */
function shown(cents: number): string {
  const rupees = Math.floor(cents / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${rupees}.${String(cents % 100).padStart(2, "0")}`;
}

export function kokoSimulator(options: KokoSimulatorOptions): Hono {
  const app = new Hono().basePath(options.basePath || "/");
  const sessions = new Map<string, Session>();
  const now = options.now ?? Date.now;
  const send = options.fetch ?? fetch;

  function forget() {
    const cutoff = now() - SESSION_MS;
    for (const [id, session] of sessions) if (session.createdAt < cutoff) sessions.delete(id);
    while (sessions.size >= MAX_SESSIONS) sessions.delete(sessions.keys().next().value!);
  }

  app.post("/api/merchants/orderCreate", async (c) => {
    const form = await c.req.parseBody();
    const fields: Record<string, string> = {};
    for (const [name, value] of Object.entries(form)) {
      if (typeof value === "string") fields[name] = value;
    }
    const missing = REQUIRED.filter((name) => !fields[name]);
    if (missing.length > 0) return refused(`Missing: ${missing.join(", ")}`);
    const wrong = wrongKokoAddress(fields, options.shop);
    if (wrong) return refused(`${wrong} is not this merchant's address.`);
    if (fields._mId !== options.merchantId || fields.api_key !== options.apiKey) {
      return refused("Unknown merchant or API key.");
    }
    // Koko checks the signature of dataString, and that dataString is the form's own fields.
    if (
      fields.dataString !== checkoutDataString(fields) ||
      !rsaVerify(fields.dataString, fields.signature, options.merchantPublicKey)
    ) {
      return refused("The signature does not match the order.");
    }
    const cents = plainAmountCents(fields._amount);
    if (cents === undefined || !/^\d+\.\d{2}$/.test(fields._amount) || cents === 0) {
      return refused("The amount is not valid.");
    }
    if (fields._currency !== "LKR") return refused("Koko takes LKR only.");
    forget();
    const id = crypto.randomUUID();
    sessions.set(id, { fields, createdAt: now(), decided: false });
    const action = (decision: Decision) =>
      escape(`${options.basePath}/api/merchants/orderCreate/${id}/${decision}`);
    // Three instalments, the first taking what does not divide evenly.
    const each = Math.floor(cents / 3);
    const first = cents - 2 * each;
    const name = `${fields._firstName ?? ""} ${fields._lastName ?? ""}`.trim();
    return page(
      "Koko (local simulator)",
      `<h1>Koko (local simulator)</h1>
<p class="sub">Nothing is charged: this page stands in for Koko's checkout.</p>
<dl>
<dt>Order</dt><dd>${escape(fields._description ?? fields._orderId)}</dd>
<dt>Amount</dt><dd>LKR ${escape(shown(cents))}</dd>
<dt>Today</dt><dd>LKR ${escape(shown(first))}</dd>
<dt>Then</dt><dd>2 × LKR ${escape(shown(each))}, monthly</dd>
<dt>Customer</dt><dd>${escape(name)}</dd>
</dl>
<form method="post" action="${
        action("pay")
      }"><button class="pay" type="submit">Pay first instalment</button></form>
<form method="post" action="${
        action("decline")
      }"><button class="other" type="submit">Decline</button></form>
<form method="post" action="${
        action("cancel")
      }"><button class="other" type="submit">Cancel</button></form>`,
    );
  });

  app.post("/api/merchants/orderCreate/:session/:decision{pay|decline|cancel}", async (c) => {
    const session = sessions.get(c.req.param("session"));
    if (!session || now() - session.createdAt > SESSION_MS) {
      return page("Payment expired", "<h1>This payment has expired</h1>", 404);
    }
    if (session.decided) {
      return page("Already decided", "<h1>This payment was already made or cancelled</h1>", 409);
    }
    session.decided = true;
    const decision = c.req.param("decision") as Decision;
    if (decision === "cancel") return c.redirect(session.fields._cancelUrl, 302);
    const notice = signedKokoNotice(session.fields._orderId, STATUS[decision], {
      trnId: `KOKO${crypto.getRandomValues(new Uint32Array(1))[0]}`,
      kokoPrivateKey: options.kokoPrivateKey,
    });
    try {
      const answer = await send(session.fields._responseUrl, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(notice).toString(),
        signal: AbortSignal.timeout(10_000),
      });
      await answer.body?.cancel();
    } catch {
      // Koko would try again later; the simulator moves on.
    }
    return c.redirect(session.fields._returnUrl, 302);
  });

  return app;
}
