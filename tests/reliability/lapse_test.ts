/**
 * Unpaid Bank Deposit orders lapsing in running shops (`deno run -A main.ts`) started with
 * a lapse time of a few seconds (BANK_DEPOSIT_HOURS=0.002, 7.2 s): each unpaid order with
 * no deposit slip is rejected with "Payment not received", its stock comes back exactly
 * once, its customer is mailed once (a real SMTP peer on loopback); an order whose slip
 * was sent stays. Once with two processes on one PostgreSQL server (only one of them
 * lapses each order), once on the embedded default.
 */
import { eventually } from "../support/eventually.ts";
import assert from "node:assert/strict";
import { startTestCluster } from "../../adapters/postgres/testing/cluster.ts";
import { serverTestsEnabled } from "../../adapters/postgres/testing/databases.ts";
import { type SmtpPeer, startSmtpPeer } from "../../adapters/mail/testing/smtp_peer.ts";
import { TINY_PNG } from "../../http/uploads/testing/images.ts";
import { createFreshDatabase } from "./support/databases.ts";
import { moreRounds, type ShopProcess, spawnShop, waitUntilReady } from "./support/shop_process.ts";
import {
  ADMIN,
  createBook,
  createCategory,
  firstDestination,
  login,
  orderBody,
} from "./support/shop_api.ts";

/** 7.2 seconds: the contract allows a decimal number of hours. */
const LAPSE_HOURS = "0.002";
const UNPAID = 4;
const STOCK = 10;
/** The worker looks every second here (LAPSE_CHECK_SECONDS): a lapse comes soon after its time. */
const LAPSE_CHECK_SECONDS = "1";
const LAPSE_WAIT_MS = 30_000;

interface AdminOrder {
  id: number;
  status: string;
  payment_status: string;
  reject_reason: string | null;
  events: { kind: string; actor: string }[];
}

async function json<T>(response: Response, what: string): Promise<T> {
  const text = await response.text();
  assert.ok(response.ok, `${what}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

async function place(url: string, body: unknown): Promise<{ orderId: number; orderUrl: string }> {
  const response = await fetch(`${url}/api/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return await json(response, "place an order");
}

/** Sends a deposit slip through the order's own link, as the customer's page does. */
async function sendSlip(url: string, placed: { orderId: number; orderUrl: string }) {
  const key = new URL(placed.orderUrl).searchParams.get("key")!;
  const form = new FormData();
  form.append("proof", new File([new Uint8Array(TINY_PNG)], "slip.png", { type: "image/png" }));
  const response = await fetch(`${url}/api/orders/${placed.orderId}/payment-proof?key=${key}`, {
    method: "POST",
    body: form,
  });
  await json(response, "send the slip");
}

async function adminOrder(url: string, token: string, id: number): Promise<AdminOrder> {
  const response = await fetch(`${url}/api/orders/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return (await json<{ data: AdminOrder }>(response, `order ${id}`)).data;
}

async function stockOf(url: string, id: number): Promise<number> {
  return (await json<{ data: { stock: number } }>(await fetch(`${url}/api/books/${id}`), "book"))
    .data.stock;
}

/** Orders each process's log says it lapsed ("Lapsed unpaid orders" lines). */
function lapsedBy(shop: ShopProcess): number[] {
  return shop.output().split("\n").flatMap((line) => {
    try {
      const entry = JSON.parse(line) as { message?: string; orders?: number[] };
      return entry.message === "Lapsed unpaid orders" ? entry.orders ?? [] : [];
    } catch {
      return [];
    }
  });
}

async function lapseScenario(shops: ShopProcess[], smtp: SmtpPeer): Promise<void> {
  const first = shops[0].url;
  const token = await login(first);
  const categoryId = await createCategory(first, token, "Novels");
  const book = await createBook(first, token, {
    title: "Madol Doova",
    stock: STOCK,
    categoryId,
    isbnStem: 17,
  });
  const destination = await firstDestination(first);

  // Unpaid orders placed through every process, and one whose customer sends the slip.
  const unpaid: number[] = [];
  for (let i = 0; i < UNPAID; i++) {
    const shop = shops[i % shops.length];
    const placed = await place(shop.url, orderBody(book, destination, `buyer${i}@example.lk`));
    unpaid.push(placed.orderId);
  }
  const withSlip = await place(first, orderBody(book, destination, "slip@example.lk"));
  await sendSlip(shops[shops.length - 1].url, withSlip);
  assert.equal(await stockOf(first, book.id), STOCK - UNPAID - 1);

  let orders: AdminOrder[] = [];
  await eventually(async () => {
    orders = await Promise.all(unpaid.map((id) => adminOrder(first, token, id)));
    return orders.every((o) => o.status === "rejected");
  }, { timeoutMs: LAPSE_WAIT_MS, everyMs: 500, what: "every unpaid order lapsed" }).catch(() => {});
  for (const order of orders) {
    assert.equal(order.status, "rejected", `order ${order.id} lapsed within 30 s`);
    assert.equal(order.reject_reason, "Payment not received");
    assert.equal(order.payment_status, "unpaid");
    assert.deepEqual(
      order.events.filter((e) => e.kind === "lapsed").map((e) => e.actor),
      ["system"],
      `order ${order.id} lapsed once`,
    );
  }

  // Two more rounds of every process's lapse loop pass: nothing lapses twice, the slip's
  // order stays.
  await Promise.all(shops.map((shop) => moreRounds(shop, "lapse", 2)));
  assert.equal(await stockOf(first, book.id), STOCK - 1, "the stock came back exactly once");
  const kept = await adminOrder(first, token, withSlip.orderId);
  assert.equal(kept.status, "pending");
  assert.equal(kept.payment_status, "proof_submitted");
  assert.equal(kept.events.some((e) => e.kind === "lapsed"), false);

  // Each order was lapsed by one process only.
  const lapsed = shops.flatMap(lapsedBy).sort((a, b) => a - b);
  assert.deepEqual(lapsed, [...unpaid].sort((a, b) => a - b));

  // Each customer is told once, at their own address.
  await smtp.waitFor(
    (all) =>
      unpaid.every((id) => all.some((m) => m.subject.includes(`order #${id} cancelled, payment`))),
    30_000,
  );
  // Two more rounds of every outbox after the mails: a second copy would be here by now.
  await Promise.all(shops.map((shop) => moreRounds(shop, "outbox", 2)));
  unpaid.forEach((id, i) => {
    const mails = smtp.messages.filter((m) =>
      m.subject.includes(`order #${id} cancelled, payment not received`)
    );
    assert.equal(mails.length, 1, `one lapse mail for order ${id}`);
    assert.deepEqual(mails[0].envelopeTo, [`buyer${i}@example.lk`]);
  });
  assert.equal(
    smtp.messages.some((m) => m.subject.includes(`order #${withSlip.orderId} cancelled`)),
    false,
  );
}

Deno.test({
  name: "two processes on one PostgreSQL lapse each unpaid Bank Deposit order once",
  ignore: !serverTestsEnabled(),
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const cluster = await startTestCluster({ required: Deno.env.get("CI") === "true" });
    assert.ok(cluster, "a PostgreSQL server is needed");
    const db = await createFreshDatabase(cluster.url);
    const smtp = await startSmtpPeer();
    const dirs = [await Deno.makeTempDir(), await Deno.makeTempDir()];
    const shops = dirs.map((dir) =>
      spawnShop({
        DATABASE_URL: db.url,
        DATA_DIR: dir,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        JWT_SECRET: "reliability-tests-secret-of-at-least-32-characters",
        SMTP_URL: smtp.url,
        IMAGE_STORAGE: "postgres",
        BANK_DEPOSIT_HOURS: LAPSE_HOURS,
        LAPSE_CHECK_SECONDS,
      })
    );
    try {
      await Promise.all(shops.map((shop) => waitUntilReady(shop)));
      await lapseScenario(shops, smtp);
    } catch (error) {
      for (const shop of shops) console.error(shop.output().slice(-3000));
      throw error;
    } finally {
      await Promise.all(shops.map((shop) => shop.stop()));
      await smtp.stop();
      await db.drop();
      for (const dir of dirs) await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});

Deno.test({
  name: "the embedded shop lapses an unpaid Bank Deposit order and keeps one with a slip",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const smtp = await startSmtpPeer();
    const dir = await Deno.makeTempDir();
    const shop = spawnShop({
      DATA_DIR: dir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: smtp.url,
      BANK_DEPOSIT_HOURS: LAPSE_HOURS,
      LAPSE_CHECK_SECONDS,
    });
    try {
      await waitUntilReady(shop);
      await lapseScenario([shop], smtp);
    } catch (error) {
      console.error(shop.output().slice(-3000));
      throw error;
    } finally {
      await shop.stop();
      await smtp.stop();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
