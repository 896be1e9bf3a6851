/**
 * The customer's order page and the look-up: a Bank Deposit customer opens the link the
 * checkout answered, is refused a file that only calls itself a photo, sends the slip,
 * sees it being checked, and sees it paid once the owner verifies it; a stranger with a
 * wrong key sees the not-found page; /track mails the link to the order's own address.
 * Screenshots at 375px and 1280px, axe and sideways scrolling checked.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { axeViolations, screenshot, sidewaysOverflow } from "../support/page_checks.ts";
import { assertNoScriptErrors, DESKTOP, type E2e, hydrated, orderFact, PHONE } from "./harness.ts";
import { findBook } from "./shopping.ts";

/** A 1x1 PNG: a real photo as far as the shop can tell. */
const PNG = Uint8Array.from(
  atob(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  ),
  (c) => c.charCodeAt(0),
);

async function placeBankDepositOrder(e2e: E2e): Promise<{ id: number; url: string }> {
  const book = await findBook(e2e, "q=Harry+Potter");
  const placed = await e2e.shop.api<{ orderId: number; orderUrl: string }>("/api/orders", {
    method: "POST",
    body: {
      total: book.price,
      name: "Dilani Jayasuriya",
      address: "22 Flower Road",
      email: "dilani@example.lk",
      phone: "077 444 5566",
      postalCode: "00700",
      province: 1,
      district: 1,
      area: 1,
      paymentMethod: "Bank Deposit",
      items: [{ id: book.id, quantity: 1, type: "book" }],
    },
  });
  // The link carries the shop's PUBLIC_URL; the test server listens elsewhere.
  const link = new URL(placed.orderUrl);
  return { id: placed.orderId, url: `${e2e.shop.url}${link.pathname}${link.search}` };
}

async function checkScreen(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  const violations = await axeViolations(page);
  assert.deepEqual(violations, [], `${name}: ${violations.join("; ")}`);
  if (page.viewportSize()?.width === PHONE.width) {
    assert.equal(await sidewaysOverflow(page), 0, `${name} scrolls sideways at 375px`);
  }
  await screenshot(page, name);
}

export async function orderPageJourney(e2e: E2e): Promise<void> {
  const order = await placeBankDepositOrder(e2e);
  const { page, errors } = await e2e.open({ viewport: PHONE });

  await page.goto(order.url);
  await hydrated(page);
  await page.getByRole("heading", { name: `Order #${order.id}` }).waitFor();
  assert.match(await orderFact(page, "Payment").innerText(), /Not paid yet/);
  await page.getByText("or the order is cancelled").waitFor();
  await checkScreen(page, "order-unpaid");

  // A text file named like a photo: the browser calls it image/png, the shop reads its bytes.
  await page.getByLabel(/Photo or PDF of the deposit slip/).setInputFiles({
    name: "slip.png",
    mimeType: "image/png",
    buffer: Buffer.from("not a photo at all"),
  });
  await page.getByRole("button", { name: "Send the deposit slip" }).click();
  await page.getByRole("alert").filter({ hasText: "must be a JPEG, PNG, WebP or PDF" }).waitFor();
  await checkScreen(page, "order-slip-refused");

  await page.getByLabel(/Photo or PDF of the deposit slip/).setInputFiles({
    name: "slip.png",
    mimeType: "image/png",
    buffer: Buffer.from(PNG),
  });
  await page.getByRole("button", { name: "Send the deposit slip" }).click();
  // The slip sent is said beside the form, naming it, without reloading the page; coming
  // back to the page shows the payment's new state and the timeline's entry.
  await page.getByRole("status").filter({ hasText: "slip.png" }).waitFor();
  await page.reload();
  await hydrated(page);
  assert.match(
    await orderFact(page, "Payment").innerText(),
    /Deposit slip received, being checked/,
  );
  await page.getByRole("listitem").filter({ hasText: "Deposit slip sent" }).waitFor();
  await page.setViewportSize(DESKTOP);
  await checkScreen(page, "order-slip-sent");

  // The owner sees the slip beside the order and verifies it.
  const seen = await e2e.shop.api<{ data: { payment_proofs: { id: number }[] } }>(
    `/api/orders/${order.id}`,
    { admin: true },
  );
  assert.equal(seen.data.payment_proofs.length, 1);
  await e2e.shop.api(`/api/orders/${order.id}/payment`, {
    method: "PUT",
    body: { status: "paid", note: "Matched the slip" },
    admin: true,
  });
  await page.reload();
  await hydrated(page);
  assert.match(await orderFact(page, "Payment").innerText(), /Paid/);
  await page.getByRole("listitem").filter({ hasText: "Payment received" }).waitFor();
  assert.equal(await page.getByText("Matched the slip").count(), 0, "the admin's words stay home");
  assert.equal(await page.getByRole("button", { name: "Send the deposit slip" }).count(), 0);
  await checkScreen(page, "order-paid");
  const mail = await e2e.shop.smtp.waitFor((all) =>
    all.some((m) => m.subject.includes(`payment received for order #${order.id}`))
  );
  const received = mail.find((m) => m.subject.includes(`payment received for order #${order.id}`))!;
  assert.ok(received.text.includes(`/orders/${order.id}?key=`), "the mail links to the page");

  // A wrong key opens nothing.
  const stranger = await page.goto(order.url.replace(/key=.*/, "key=guessed"));
  assert.equal(stranger?.status(), 404);

  // The look-up mails the link to the order's own address only.
  await page.setViewportSize(PHONE);
  await page.goto(`${e2e.shop.url}/track`);
  await hydrated(page);
  await page.getByLabel("Order number").fill(String(order.id));
  await page.getByLabel("E-mail address").fill("dilani@example.lk");
  await page.getByRole("button", { name: "Mail me the link" }).click();
  await page.getByRole("status").filter({ hasText: "its link is on its way" }).waitFor();
  await checkScreen(page, "track");
  const linked = await e2e.shop.smtp.waitFor((all) =>
    all.some((m) => m.subject.includes(`your order #${order.id}`))
  );
  const link = linked.find((m) => m.subject.includes(`your order #${order.id}`))!;
  assert.deepEqual(link.envelopeTo, ["dilani@example.lk"]);
  assert.ok(
    link.text.includes(`/orders/${order.id}?key=${new URL(order.url).searchParams.get("key")}`),
  );
  assertNoScriptErrors(errors);
}
