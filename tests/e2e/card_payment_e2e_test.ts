/**
 * Card payment end to end, in Chromium against the real shop with PayHere's local
 * simulator (PAYHERE_SANDBOX=local, its notices back to the shop over loopback) and a
 * short card hold (CARD_PAYMENT_MINUTES=0.25), and texts to a local Notify.lk:
 *
 * - a shopper on a phone checks out by card, is taken straight to the gateway by Place
 *   Order (no second click), pays, and comes back to an order page that says paid (from the shop,
 *   not from the address); the stock stays sold; the order and payment mails and texts arrive;
 * - another shopper cancels on the gateway, comes back to a page that says so and offers
 *   to pay again, and the order lapses when its hold ends: its stock comes back and the
 *   lapse mail speaks of the card payment;
 * - a third shopper's card is declined: the order page says the payment did not go through
 *   and nothing was charged, the order awaits payment, and paying again from the page pays it;
 * - the owner refunds part of the paid order through PayHere's refund API (the simulator's):
 *   the Refund dialog refuses 0, then refunds LKR 100; the customer is mailed and texted, and
 *   reads the refund and its reason on the order page;
 * - the paid order is then charged back, and the same paid notice posted again afterwards
 *   changes nothing: it stays unpaid, its page awaits payment again;
 * - the owner finds the card orders by their method, sees the PayHere payment on the paid
 *   one's timeline, and has no payment button on either: the gateway's notice moves them.
 *
 * Screenshots of the gateway, the declined page and the paid page at 375px and 1280px go
 * to test-artifacts/screenshots/.
 */
import { eventually } from "../support/eventually.ts";
import { moreRounds } from "../reliability/support/shop_process.ts";
import assert from "node:assert/strict";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../support/browser.ts";
import { type RunningShop, startShop } from "../support/shop_server.ts";
import { type FakeNotifyLk, startFakeNotifyLk } from "../../adapters/sms/testing/fake_notifylk.ts";
import { fillDelivery } from "./checkout.ts";
import { logIn } from "./admin.ts";
import {
  assertNoScriptErrors,
  checkBothScreens,
  DESKTOP,
  type E2e,
  hydrated,
  type OpenPage,
  openPage,
  orderFact,
  PHONE,
  visit,
} from "./harness.ts";
import { addBook, findBook } from "./shopping.ts";
import { noticeSignature } from "../../adapters/payments/payhere.ts";

interface WireOrder {
  id: number;
  status: string;
  payment_status: string;
  payment_method: string;
  events: { kind: string; note: string | null }[];
}

/** The local simulator's made-up merchant (config.ts), whose secret signs its notices. */
const LOCAL_SECRET = "local-simulator-secret";

/** Posts PayHere's notice for `fields`, signed as the simulator signs it; answers the body. */
async function postNotice(
  e2e: E2e,
  fields: Parameters<typeof noticeSignature>[0] & Record<string, string>,
): Promise<string> {
  const answer = await fetch(`${e2e.shop.url}/api/payments/payhere/notify`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      ...fields,
      md5sig: noticeSignature(fields, LOCAL_SECRET),
    }).toString(),
  });
  return await answer.text();
}

async function stockOf(e2e: E2e, id: number): Promise<number> {
  return (await e2e.shop.api<{ data: { stock: number } }>(`/api/books/${id}`, { admin: true }))
    .data.stock;
}

/**
 * Waits until the book's stock reads `expected`: the catalogue's short answer cache may
 * serve the count from before the last order for a moment (README: a change shows within
 * seconds), as a person refreshing would see.
 */
async function expectStock(e2e: E2e, id: number, expected: number, why: string): Promise<void> {
  let seen = -1;
  await eventually(async () => (seen = await stockOf(e2e, id)) === expected, {
    everyMs: 250,
  }).catch(() => {});
  assert.equal(seen, expected, why);
}

async function orderOf(e2e: E2e, id: number): Promise<WireOrder> {
  return (await e2e.shop.api<{ data: WireOrder }>(`/api/orders/${id}`, { admin: true })).data;
}

/** Fills a cart with one book and checks out by card, which lands on the gateway; answers the order id. */
async function checkOutByCard(
  e2e: E2e,
  { page }: OpenPage,
  book: Awaited<ReturnType<typeof findBook>>,
  customer: { name: string; email: string; phone: string; address: string },
): Promise<number> {
  const base = e2e.shop.url;
  await addBook(page, base, book, 1);
  await visit(page, `${base}/checkout`);
  await fillDelivery(page, customer);
  await page.getByLabel(/Card online/).check();
  await page.getByRole("button", { name: "Place Order" }).click();
  // Place Order takes the shopper straight to the gateway: no second click.
  await page.getByRole("heading", { name: "PayHere (local simulator)" }).waitFor();
  const id = Number(/Pothgula order #(\d+)/.exec(await page.content())?.[1]);
  assert.ok(Number.isSafeInteger(id) && id > 0);
  return id;
}

Deno.test({
  name:
    "a card order paid on the gateway is paid and kept; one cancelled there lapses and gives its stock back",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    let shop: RunningShop | undefined;
    let browser: Browser | undefined;
    let sms: FakeNotifyLk | undefined;
    const opened: OpenPage[] = [];
    try {
      sms = startFakeNotifyLk();
      [shop, browser] = await Promise.all([
        startShop({
          PAYHERE_SANDBOX: "local",
          CARD_PAYMENT_MINUTES: "0.25",
          LAPSE_CHECK_SECONDS: "1",
          NOTIFYLK_USER_ID: sms.userId,
          NOTIFYLK_API_KEY: sms.apiKey,
          NOTIFYLK_SENDER_ID: sms.senderId,
          NOTIFYLK_URL: sms.url,
        }),
        launchBrowser(),
      ]);
      const texts = sms;
      /** Waits for a text to `to` (94XXXXXXXXX) that matches `pattern`. */
      const textTo = (to: string, pattern: RegExp) =>
        eventually(() => texts.messages.some((m) => m.to === to && pattern.test(m.message)), {
          timeoutMs: 30_000,
          everyMs: 250,
          what: `a text to ${to} matching ${pattern}`,
        });
      const e2e = { shop, browser, orders: {} } as E2e;
      const open = async () => {
        const page = await openPage(browser!, { viewport: PHONE });
        opened.push(page);
        return page;
      };
      const book = await findBook(e2e, "q=Madol+Doova");
      const stockBefore = await stockOf(e2e, book.id);

      // Paid on the gateway.
      const payer = await open();
      const paidId = await checkOutByCard(e2e, payer, book, {
        name: "Dilini Jayawardena",
        email: "dilini@example.lk",
        phone: "077 345 6789",
        address: "8 Lake Drive",
      });
      const gatewayPage = await payer.page.content();
      assert.match(gatewayPage, new RegExp(`Pothgula order #${paidId}`));
      const chargedAmount = /<dt>Amount<\/dt><dd>LKR (\d+\.\d{2})<\/dd>/.exec(gatewayPage)?.[1];
      assert.ok(chargedAmount, "the gateway shows the amount");
      await checkBothScreens(payer.page, "card-gateway", false);
      await payer.page.getByRole("button", { name: "Pay", exact: true }).click();
      await payer.page.waitForURL(new RegExp(`/orders/${paidId}\\?key=.*order_id=${paidId}`));
      await hydrated(payer.page);
      assert.match(await orderFact(payer.page, "Payment").innerText(), /Card: Paid/);
      assert.equal(await payer.page.getByRole("button", { name: /by card$/ }).count(), 0);
      await checkBothScreens(payer.page, "card-paid");
      const paid = await orderOf(e2e, paidId);
      assert.deepEqual([paid.status, paid.payment_status, paid.payment_method], [
        "pending",
        "paid",
        "Card",
      ]);
      await expectStock(e2e, book.id, stockBefore - 1, "the paid copy stays sold");
      const mails = await shop.smtp.waitFor(
        (all) => all.some((m) => m.subject.includes(`payment received for order #${paidId}`)),
        30_000,
      );
      assert.ok(mails.some((m) => m.subject.includes(`order #${paidId} received`)));
      // A card order is texted only once it is paid: the payment's text, and no "received"
      // text before it (issue 46: unpaid card orders texted nobody's phone).
      await textTo("94773456789", new RegExp(`received LKR [\\d,.]+ for order #${paidId}\\.`));
      await moreRounds(shop, "outbox", 2);
      assert.deepEqual(
        sms.messages.filter((m) => m.to === "94773456789").map((m) =>
          m.message.match(/received \S+/)?.[0]
        ),
        ["received LKR"],
        "paid: one text, the payment's",
      );

      // Partly refunded by the owner, through PayHere's refund API (the simulator's): the
      // customer is mailed and texted, and reads the refund and its reason on the order page.
      const owner = await open();
      await owner.page.setViewportSize(DESKTOP);
      await logIn(owner.page, shop.url);
      await owner.page.goto(`${shop.url}/admin/orders/${paidId}`);
      const refunds = owner.page.getByRole("region", { name: "Refunds" });
      await refunds.getByRole("button", { name: "Refund…" }).click();
      const refundDialog = owner.page.getByRole("dialog", { name: `Refund order #${paidId}` });
      await refundDialog.getByLabel(/^Amount/).fill("0");
      await refundDialog.getByLabel("Reason, told to the customer").fill("One page was torn");
      await refundDialog.getByRole("button", { name: "Refund", exact: true }).click();
      await refundDialog.getByText("The amount must be above 0, with at most 2 decimals")
        .waitFor();
      await refundDialog.getByLabel(/^Amount/).fill("100");
      await refundDialog.getByRole("button", { name: "Refund", exact: true }).click();
      await refunds.getByText("Partly refunded").waitFor();
      await refunds.getByText(/Refunded LKR 100\.00; the customer is mailed and texted/).waitFor();
      await checkBothScreens(owner.page, "card-admin-refunded");
      await shop.smtp.waitFor(
        (all) => all.some((m) => m.subject.includes(`a refund for order #${paidId}`)),
        30_000,
      );
      await textTo("94773456789", new RegExp(`refunded money you paid for order #${paidId}`));
      await payer.page.reload();
      await hydrated(payer.page);
      await payer.page.getByText(/LKR 100\.00 \(ref \d+\): One page was torn/).waitFor();
      // Its totals count the refund, apart: paid in full, nothing to pay, LKR 100.00 back.
      const totals = payer.page.locator("dl.totals");
      assert.match(await totals.locator("[data-figure=due]").innerText(), /LKR 0\.00/);
      assert.match(
        await totals.locator("[data-figure=refunded]").innerText(),
        /^Refunded\s+LKR 100\.00$/,
      );
      await checkBothScreens(payer.page, "card-customer-refunded");

      // Charged back, then the same paid notice sent again (notify_url is outside PayHere's
      // hash): the charge-back is final in the order's ledger, and the copy changes nothing.
      const paymentId = /PayHere payment (\d+)/.exec(
        paid.events.find((e) => e.kind === "paid")?.note ?? "",
      )?.[1];
      assert.ok(paymentId, "the paid event names PayHere's payment");
      const paidNotice = {
        merchant_id: "1211149",
        order_id: String(paidId),
        payment_id: paymentId,
        payhere_amount: chargedAmount,
        payhere_currency: "LKR",
        status_code: "2",
        method: "VISA",
      };
      assert.equal(await postNotice(e2e, paidNotice), "IGNORED", "a copy while paid");
      assert.equal(await postNotice(e2e, { ...paidNotice, status_code: "-3" }), "OK");
      assert.equal((await orderOf(e2e, paidId)).payment_status, "unpaid");
      assert.equal(await postNotice(e2e, paidNotice), "IGNORED", "the copy after the charge-back");
      const chargedBack = await orderOf(e2e, paidId);
      assert.equal(chargedBack.payment_status, "unpaid");
      assert.equal(chargedBack.events.filter((e) => e.kind === "paid").length, 1);
      assert.ok(chargedBack.events.some((e) => /reported a chargeback/.test(e.note ?? "")));
      await payer.page.reload();
      await hydrated(payer.page);
      assert.match(await orderFact(payer.page, "Payment").innerText(), /Card: Not paid yet/);
      assert.match(await orderFact(payer.page, "Status").innerText(), /Awaiting payment/);

      // Cancelled on the gateway, then lapsed.

      const canceller = await open();
      const cancelledId = await checkOutByCard(e2e, canceller, book, {
        name: "Mohamed Rizwan",
        email: "rizwan@example.lk",
        phone: "076 222 3344",
        address: "14 Station Road",
      });
      await expectStock(e2e, book.id, stockBefore - 2, "an unpaid card order holds");
      await canceller.page.getByRole("button", { name: "Cancel" }).click();
      await canceller.page.waitForURL(/card=cancelled/);
      await hydrated(canceller.page);
      await canceller.page.getByText(/The card payment was cancelled\. Your order is kept until/)
        .waitFor();
      await canceller.page.getByRole("button", { name: /^Pay LKR [\d,.]+ by card$/ }).waitFor();
      assert.match(
        await orderFact(canceller.page, "Payment").innerText(),
        /Card: Not paid yet/,
      );
      assert.match(await orderFact(canceller.page, "Status").innerText(), /Awaiting payment/);

      // The hold is 15 s; the lapse loop looks every second (LAPSE_CHECK_SECONDS).
      await eventually(async () => (await orderOf(e2e, cancelledId)).status === "rejected", {
        timeoutMs: 60_000,
        everyMs: 500,
        what: `the lapse of order ${cancelledId}`,
      });
      await expectStock(e2e, book.id, stockBefore - 1, "the lapsed copy is back");
      const lapsed = await shop.smtp.waitFor(
        (all) => all.some((m) => m.subject.includes(`order #${cancelledId} cancelled`)),
        30_000,
      );
      const mail = lapsed.find((m) => m.subject.includes(`order #${cancelledId} cancelled`))!;
      assert.match(mail.text, /did not receive the card payment/);
      // Never paid: neither its placing nor its lapse texts the phone, once the outbox has
      // had two more rounds after the lapse's mail.
      await moreRounds(shop, "outbox", 2);
      assert.deepEqual(sms.messages.filter((m) => m.to === "94762223344"), []);
      await canceller.page.reload();
      await hydrated(canceller.page);
      assert.equal(
        await canceller.page.getByRole("button", { name: /by card$/ }).count(),
        0,
        "a lapsed order offers no payment",
      );
      // Declined, then paid from the order's page.
      const decliner = await open();
      const declinedId = await checkOutByCard(e2e, decliner, book, {
        name: "Kumari Perera",
        email: "kumari@example.lk",
        phone: "071 555 6677",
        address: "3 Temple Lane",
      });
      await decliner.page.getByRole("button", { name: "Decline card" }).click();
      await decliner.page.waitForURL(new RegExp(`/orders/${declinedId}\\?key=.*order_id=`));
      await hydrated(decliner.page);
      await decliner.page.getByRole("alert").filter({
        hasText:
          /The card payment did not go through, so nothing was charged\. Your order is kept until/,
      }).waitFor();
      assert.equal(await decliner.page.getByText(/being confirmed/).count(), 0);
      assert.match(await orderFact(decliner.page, "Payment").innerText(), /Card: Not paid yet/);
      await decliner.page.getByText("Card payment did not go through", { exact: true }).waitFor();
      await checkBothScreens(decliner.page, "card-declined");
      await decliner.page.getByRole("button", { name: /^Pay LKR [\d,.]+ by card$/ }).click();
      await decliner.page.getByRole("heading", { name: "PayHere (local simulator)" }).waitFor();
      await decliner.page.getByRole("button", { name: "Pay", exact: true }).click();
      await decliner.page.waitForURL(new RegExp(`/orders/${declinedId}\\?key=.*order_id=`));
      await hydrated(decliner.page);
      assert.match(await orderFact(decliner.page, "Payment").innerText(), /Card: Paid/);
      assert.equal(await decliner.page.getByText(/did not go through, so/).count(), 0);
      assert.equal((await orderOf(e2e, declinedId)).payment_status, "paid");

      // The owner's view: card orders by their method, the gateway's payment named.
      await owner.page.goto(`${shop.url}/admin/orders?paymentMethod=Card`);
      const table = owner.page.getByRole("table", { name: "Orders, newest first" });
      await table.getByRole("link", { name: `#${paidId}`, exact: true }).waitFor();
      await table.getByRole("link", { name: `#${cancelledId}`, exact: true }).waitFor();
      await table.getByRole("link", { name: `#${declinedId}`, exact: true }).waitFor();
      assert.equal(await table.getByRole("row").count(), 4, "a header and the three card orders");
      await table.getByRole("link", { name: `#${paidId}`, exact: true }).click();
      await owner.page.getByRole("heading", { name: `Order #${paidId}` }).waitFor();
      await owner.page.getByText("Card (PayHere)").first().waitFor();
      await owner.page.getByText(/PayHere payment \d+ \(VISA\)/).waitFor();
      const payment = owner.page.getByRole("region", { name: "Payment" });
      assert.equal(await payment.getByRole("button", { name: /^Mark (paid|unpaid)/ }).count(), 0);
      await checkBothScreens(owner.page, "card-admin-paid");

      assertNoScriptErrors([
        ...payer.errors,
        ...canceller.errors,
        ...decliner.errors,
        ...owner.errors,
      ]);
    } catch (error) {
      if (shop) console.error(`Server output:\n${shop.output()}`);
      throw error;
    } finally {
      for (const { context } of opened) await context.close().catch(() => {});
      await browser?.close();
      await shop?.stop();
      await sms?.close();
    }
  },
});
