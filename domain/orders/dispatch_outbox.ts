/**
 * Sends the mails and texts waiting in the outbox: the use case a background loop runs
 * every few seconds. Each entry is claimed (so that two server processes never send the
 * same mail at once), what it says decided (from its order, or the facts an account mail
 * carries), written out by the renderer in its language, marked sending, sent (a mail with
 * the entry's own Message-ID, a text through the SMS gateway), and marked sent; a failed
 * send is marked failed and tried again later, each time waiting longer. A text the
 * gateway refuses for good, or an order with no number to text, is retired instead.
 */
import type {
  Catalogue,
  Clock,
  Mailer,
  MailRenderer,
  OrderKeys,
  OrderRepository,
  Outbox,
  OutboxEntry,
  ReceiptRenderer,
  SmsRenderer,
  SmsSender,
} from "../ports.ts";
import type { BankDetails, ShopInfo } from "../shop.ts";
import type { Mail, MailAttachment } from "../notifications/mail.ts";
import type { MailKind } from "../notifications/mail_kinds.ts";
import type { Order } from "./model.ts";
import type { CustomerParcel } from "../fulfilment/customer_parcels.ts";
import {
  orderMail,
  ordersDigestMail,
  proofsDigestMail,
  textBudgetMail,
} from "../notifications/order_mail.ts";
import {
  type Admission,
  admitMail,
  admitText,
  type BudgetDeps,
  giveBack,
  ordersFlood,
} from "./dispatch_budget.ts";
import {
  daySlot,
  digestWindow,
  type MessageLimits,
  nextDayStart,
  ORDERS_DIGEST_KEY,
  TEXT_BUDGET_NOTICE_KEY,
} from "../notifications/message_budget.ts";
import { readStoredAccountMail } from "../notifications/account_mail.ts";
import { DIGEST_MAIL_KINDS, MAIL_KINDS } from "../notifications/ports.ts";
import { isSmsKind, retryable, smsNotice } from "../notifications/sms.ts";
import { smsEncoding } from "../notifications/sms_encoding.ts";
import type { StockAlertStore } from "../stock_alerts/ports.ts";
import type { PromotionStore } from "../promotions/ports.ts";
import { backInStockMail, type MailedProduct } from "../stock_alerts/mail.ts";
import { unsubscribeSalt } from "../stock_alerts/rules.ts";
import {
  indexCampaigns,
  NO_CAMPAIGNS,
  pricedProduct,
  shelfPrice,
} from "../promotions/shelf_price.ts";

/**
 * What a back-in-stock mail is read from when it is sent: its request, its product now,
 * the running campaigns (its shelf price) and the secret that signs its unsubscribe link.
 */
export interface StockAlertMailDeps {
  requests: Pick<StockAlertStore, "find">;
  catalogue: Pick<Catalogue, "findBook" | "findStationery">;
  promotions?: Pick<PromotionStore, "runningRules">;
  keys: Pick<OrderKeys, "keyFor">;
}

export interface DispatchDeps {
  outbox: Outbox;
  /** Only reads orders: the mails are decided when the order is written. */
  orders: Pick<OrderRepository, "findById">;
  /** Writes each mail's words and markup in its language. */
  renderer: MailRenderer;
  mailer: Mailer;
  clock: Clock;
  /** A source of numbers in [0, 1), for the jitter of retries. */
  random: () => number;
  shop: ShopInfo;
  bank: BankDetails;
  /** Derives each order's key for the link in its mails; mails carry no link without it. */
  orderKeys?: Pick<OrderKeys, "keyFor">;
  /** Where the shop's own notices go (`ORDER_NOTIFY_EMAIL`); the shop's address when absent. */
  notifyEmail?: string;
  /**
   * The SMS gateway and the texts' words; absent when SMS is off, and then a text found in
   * the outbox (written while it was on) is retired unsent.
   */
  sms?: { sender: SmsSender; renderer: SmsRenderer };
  /**
   * Told of each entry retired unsent for good (a refused number, an order with no number
   * to text, an unknown order): the reason is stored on the entry too, this is for the log.
   */
  onRetired?: (entry: OutboxEntry, reason: string) => void;
  /**
   * Draws the receipt a mail in `RECEIPT_MAILS` carries; without it those mails go without
   * one (tests of other things).
   */
  receipts?: ReceiptRenderer;
  /** Reads back-in-stock mails; without it such an entry is retired unsent. */
  stockAlerts?: StockAlertMailDeps;
  /**
   * The message budgets every mail and text is held to (dispatch_budget.ts); without them
   * nothing is bounded (the tests of other rules).
   */
  budget?: BudgetDeps;
  /**
   * The order's parcels out with couriers (domain/fulfilment/customer_parcels.ts), read
   * when the dispatch mail and text go so that they carry each tracking link; without it
   * they name the order's courier and tracking number alone.
   */
  parcels?: (orderId: number) => Promise<CustomerParcel[]>;
}

export interface DispatchOptions {
  /** Entries claimed per round. */
  batch?: number;
  /** How long a claim keeps other processes away; longer than a round can take. */
  leaseMs?: number;
  /** The wait after the first failure. */
  baseDelayMs?: number;
  /** The longest wait between two attempts. */
  maxDelayMs?: number;
}

export interface DispatchResult {
  sent: number;
  failed: number;
}

/**
 * What a dispatcher remembers between its rounds: the entries whose mail went out but
 * could not be marked sent (the database went away between the two). The next round
 * marks them before it claims anything, so they are not sent again.
 */
export interface DispatchMemory {
  /** Entry id to the time its mail went out. */
  sentUnmarked: Map<number, Date>;
  /** Mails sent again after an attempt that may have sent them already (same Message-ID). */
  resent: number;
}

export function dispatchMemory(): DispatchMemory {
  return { sentUnmarked: new Map(), resent: 0 };
}

/**
 * The Message-ID header of an outbox entry's mail: its stored id at the shop's host.
 *
 * @example messageIdHeader("5f0c…", "https://pothgula.lk") // "<5f0c…@pothgula.lk>"
 */
export function messageIdHeader(messageId: string, publicUrl: string): string {
  let host = "pothgula.invalid";
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    // A shop without a usable address still sends well-formed ids.
  }
  return `<${messageId}@${host}>`;
}

export const DISPATCH_DEFAULTS: Required<DispatchOptions> = {
  batch: 10,
  leaseMs: 5 * 60_000,
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
};

/** When an entry that can never be sent is tried again: not in this shop's lifetime. */
export const NEVER_AGAIN = new Date("9999-12-31T00:00:00.000Z");

/**
 * The wait before the next attempt after `attempts` failed ones: exponential from `base`,
 * capped at `max`, with "equal jitter" (half fixed, half random) so that many mails that
 * failed together do not all come back at the same moment, yet none comes back at once.
 *
 * @example retryDelayMs(1, () => 0, 30_000, 3_600_000) // 15_000 (between 15 s and 30 s)
 * @example retryDelayMs(3, () => 0.999, 30_000, 3_600_000) // just under 120_000
 * @example retryDelayMs(40, () => 0, 30_000, 3_600_000) // 1_800_000 (half the cap)
 */
export function retryDelayMs(
  attempts: number,
  random: () => number,
  base: number,
  max: number,
): number {
  const exponent = Math.min(Math.max(attempts, 1) - 1, 52);
  const ceiling = Math.min(max, base * 2 ** exponent);
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.round(ceiling / 2 + (ceiling / 2) * r);
}

/**
 * The mails that carry the order's receipt (PDF), drawn when the mail is sent: the mail
 * that tells the customer their payment was received.
 */
export const RECEIPT_MAILS: readonly MailKind[] = ["payment_received"];

type Decided =
  | { kind: "mail"; mail: Mail; order?: Order }
  | { kind: "undeliverable"; reason: string };

/** What the entry's mail says: from its order, read now, or from its stored facts. */
async function decide(
  deps: DispatchDeps,
  entry: Extract<OutboxEntry, { channel: "mail" }>,
): Promise<Decided> {
  if ("stockRequestId" in entry) return await decideStockAlert(deps, entry.stockRequestId);
  if ("payload" in entry) {
    const mail = readStoredAccountMail(entry.kind, entry.payload);
    return mail
      ? { kind: "mail", mail }
      : { kind: "undeliverable", reason: `Unreadable ${entry.kind} mail` };
  }
  if (!MAIL_KINDS.includes(entry.kind)) {
    return { kind: "undeliverable", reason: `Unknown mail kind "${String(entry.kind)}"` };
  }
  const order = await deps.orders.findById(entry.orderId);
  if (!order) {
    return { kind: "undeliverable", reason: `Order ${entry.orderId} does not exist` };
  }
  const orderKey = order.keySalt !== null && deps.orderKeys
    ? await deps.orderKeys.keyFor(order.keySalt)
    : undefined;
  return {
    kind: "mail",
    order,
    mail: orderMail(entry.kind, order, {
      shop: deps.shop,
      bank: deps.bank,
      orderKey,
      notifyEmail: deps.notifyEmail,
      parcels: entry.kind === "order_completed" && deps.parcels
        ? await deps.parcels(order.id)
        : undefined,
    }),
  };
}

/** A back-in-stock mail: its request and product read now, its price on the shelf now. */
async function decideStockAlert(deps: DispatchDeps, requestId: number): Promise<Decided> {
  const alerts = deps.stockAlerts;
  if (!alerts) return { kind: "undeliverable", reason: "Back-in-stock mails are not set up" };
  const request = await alerts.requests.find(requestId);
  if (!request) {
    return { kind: "undeliverable", reason: `Stock request ${requestId} does not exist` };
  }
  const { kind, id } = request.product;
  const found: MailedProduct | undefined = kind === "book"
    ? await alerts.catalogue.findBook(id).then((book) => book && { type: "book", book })
    : await alerts.catalogue.findStationery(id).then((item) =>
      item && { type: "stationery", item }
    );
  const now = deps.clock.now().toISOString();
  let shelf = null;
  if (found) {
    // Its sale price counts without promotions too.
    const campaigns = alerts.promotions
      ? indexCampaigns((await alerts.promotions.runningRules(now)).campaigns)
      : NO_CAMPAIGNS;
    const record = found.type === "book" ? found.book : found.item;
    shelf = shelfPrice(pricedProduct(found.type, record), campaigns, now);
  }
  const signature = await alerts.keys.keyFor(unsubscribeSalt(request.id));
  const mail = backInStockMail(request, found, { shop: deps.shop, shelf, signature });
  if (typeof mail === "string") {
    return { kind: "undeliverable", reason: `Stock request ${requestId}: ${mail}` };
  }
  return { kind: "mail", mail };
}

/** The message of a failure, short enough to store. */
export function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.slice(0, 1000);
}

/**
 * Claims the due outbox entries and sends them one after another. A failure of one mail
 * (the SMTP server refuses it, the order is gone) is recorded on its entry and does not
 * stop the others; a failure of the outbox itself (the database is down) is thrown.
 *
 * A mail goes out at most once in practice: each entry is marked sending before the mail
 * server is called (nothing is sent while that mark cannot be written), and a mail sent
 * whose mark as sent fails is remembered in `memory` and marked by the next round before
 * anything is claimed, instead of being sent again when its lease ends. Only a process
 * that dies between a send and its mark leaves an entry to be sent again, with the same
 * Message-ID, which mail servers and clients recognise.
 */
export async function dispatchDueMail(
  deps: DispatchDeps,
  options: DispatchOptions = {},
  memory: DispatchMemory = dispatchMemory(),
): Promise<DispatchResult> {
  const opts = { ...DISPATCH_DEFAULTS, ...options };
  // The marks owed from earlier rounds first: those mails went out already.
  for (const [id, at] of memory.sentUnmarked) {
    await deps.outbox.markSent(id, at);
    memory.sentUnmarked.delete(id);
  }
  const result: DispatchResult = { sent: 0, failed: 0 };
  // The bounds of this round, as the owner set them.
  const limits = deps.budget ? await deps.budget.limits() : undefined;
  const round: Round = { opts, memory, result, gatewayDown: null, limits };
  for (const kind of DIGEST_MAIL_KINDS) {
    const due = await deps.outbox.claimDigest(deps.clock.now(), kind, opts.leaseMs);
    if (due.length > 0) await sendDigest(deps, due, round, proofsDigestMail);
  }
  await sendOrdersDigest(deps, round);
  const entries = await deps.outbox.claimDue(deps.clock.now(), opts.batch, opts.leaseMs);
  for (const entry of entries) {
    if (entry.channel === "sms") {
      await sendText(deps, entry, round);
      continue;
    }
    const decided = await decide(deps, entry);
    if (decided.kind === "undeliverable") {
      await retire(deps, entry, decided.reason, result);
      continue;
    }
    const admission = deps.budget && round.limits
      ? await admitMail(deps.budget.budgets, round.limits, decided.mail, {
        owner: ownerAddress(deps),
        now: deps.clock.now(),
      })
      : SEND;
    if (admission.kind !== "send") {
      await holdBack(deps, entry, admission, round);
      continue;
    }
    const message = {
      ...deps.renderer.render(decided.mail),
      messageId: messageIdHeader(entry.messageId, deps.shop.publicUrl),
      ...await receiptOf(deps, entry, decided.order),
    };
    await sendOnce(
      deps,
      [entry],
      spending(deps, admission, () => deps.mailer.send(message)),
      round,
    );
  }
  return result;
}

/** The receipt a mail of `RECEIPT_MAILS` carries, drawn from its order as it is now. */
async function receiptOf(
  deps: DispatchDeps,
  entry: OutboxEntry,
  order: Order | undefined,
): Promise<{ attachments?: MailAttachment[] }> {
  if (!deps.receipts || !order || !RECEIPT_MAILS.includes(entry.kind as MailKind)) return {};
  return {
    attachments: [{
      filename: `pothgula-receipt-${order.id}.pdf`,
      contentType: "application/pdf",
      content: await deps.receipts.render(order),
    }],
  };
}

/** What a message without budgets is: sent, nothing taken. */
const SEND: Admission = { kind: "send", taken: [] };

/** Where the shop's own notices go: the owner's address, which has no bound. */
function ownerAddress(deps: Pick<DispatchDeps, "notifyEmail" | "shop">): string {
  return deps.notifyEmail ?? deps.shop.email;
}

/** A send that gives its budget uses back when it fails (it is tried again later). */
function spending(
  deps: DispatchDeps,
  admission: Extract<Admission, { kind: "send" }>,
  send: () => Promise<void>,
): () => Promise<void> {
  return async () => {
    try {
      await send();
    } catch (error) {
      if (deps.budget) await giveBack(deps.budget.budgets, admission.taken);
      throw error;
    }
  };
}

/** A message its budget holds back: retired for good, or left to wait for its time. */
async function holdBack(
  deps: DispatchDeps,
  entry: OutboxEntry,
  admission: Exclude<Admission, { kind: "send" }>,
  round: Round,
): Promise<void> {
  if (admission.kind === "retire") return retire(deps, entry, admission.reason, round.result);
  await deps.outbox.markWaiting(entry.id, admission.reason, admission.until);
  if (admission.textsUsedUp && round.limits) await tellOwnerTextsUsedUp(deps, round.limits);
}

/**
 * Tells the owner, once a day, that the day's texts are used up. A failed mail gives its use
 * back, so that a later round tells them.
 */
async function tellOwnerTextsUsedUp(deps: DispatchDeps, limits: MessageLimits): Promise<void> {
  if (!deps.budget) return;
  const now = deps.clock.now();
  const slot = daySlot(now);
  if (!await deps.budget.budgets.take(slot, TEXT_BUDGET_NOTICE_KEY, 1)) return;
  const mail = textBudgetMail(limits.textsPerDay, nextDayStart(now), {
    shop: deps.shop,
    notifyEmail: deps.notifyEmail,
  });
  try {
    await deps.mailer.send(deps.renderer.render(mail));
  } catch {
    await deps.budget.budgets.giveBack(slot, TEXT_BUDGET_NOTICE_KEY);
  }
}

/**
 * While new orders flood, their notices go as one digest a window: the first round of each
 * window claims every notice due (those that waited for it, and any new) and sends one mail.
 */
async function sendOrdersDigest(deps: DispatchDeps, round: Round): Promise<void> {
  const { budget } = deps;
  const { limits } = round;
  if (!budget || !limits) return;
  const now = deps.clock.now();
  if (!await ordersFlood(budget.budgets, limits, now)) return;
  const window = digestWindow(now, limits.digestMinutes);
  if (!await budget.budgets.take(window.slot, ORDERS_DIGEST_KEY, 1)) return;
  const due = await deps.outbox.claimDigest(now, "shop_order_placed", round.opts.leaseMs);
  if (due.length === 0) {
    // Nothing to tell yet: the first round of the window that has notices sends them.
    await budget.budgets.giveBack(window.slot, ORDERS_DIGEST_KEY);
    return;
  }
  await sendDigest(deps, due, round, ordersDigestMail);
}

/** What one round keeps while it goes through its entries. */
interface Round {
  opts: Required<DispatchOptions>;
  memory: DispatchMemory;
  result: DispatchResult;
  /**
   * Why the SMS gateway failed this round, once it has: the round's other texts wait for
   * their next attempt without calling it, so a gateway that is down or stalls costs one
   * time-out a round, never one a text, and the mails after them go out on time.
   */
  gatewayDown: string | null;
  /** The message budgets' bounds this round; none without budgets. */
  limits: MessageLimits | undefined;
}

/** Retires an entry unsent for good, with its reason stored and told to the log. */
async function retire(
  deps: DispatchDeps,
  entry: OutboxEntry,
  reason: string,
  result: DispatchResult,
): Promise<void> {
  await deps.outbox.markFailed(entry.id, reason, NEVER_AGAIN);
  result.failed++;
  try {
    deps.onRetired?.(entry, reason);
  } catch {
    // A failing log must not stop the round.
  }
}

/** Marks entries failed, each to be tried again after its next wait. */
async function postpone(
  deps: DispatchDeps,
  entries: readonly OutboxEntry[],
  reason: string,
  round: Round,
): Promise<void> {
  const { opts, result } = round;
  for (const entry of entries) {
    const wait = retryDelayMs(entry.attempts + 1, deps.random, opts.baseDelayMs, opts.maxDelayMs);
    const next = new Date(deps.clock.now().getTime() + wait);
    await deps.outbox.markFailed(entry.id, reason, next);
    result.failed++;
  }
}

/**
 * A text beside an order's mail: decided from the order now, written in its language,
 * sent as UCS-2 when its words need it. A refusal for good retires it; a gateway that is
 * down or slow leaves it (and the round's other texts) for a later attempt.
 */
async function sendText(
  deps: DispatchDeps,
  entry: Extract<OutboxEntry, { channel: "sms" }>,
  round: Round,
): Promise<void> {
  const { result } = round;
  if (!deps.sms) return retire(deps, entry, "SMS is not configured", result);
  if (!isSmsKind(entry.kind)) {
    return retire(deps, entry, `Unknown SMS kind "${String(entry.kind)}"`, result);
  }
  const order = await deps.orders.findById(entry.orderId);
  if (!order) return retire(deps, entry, `Order ${entry.orderId} does not exist`, result);
  const parcels = entry.kind === "order_completed" && deps.parcels
    ? await deps.parcels(order.id)
    : [];
  const decided = smsNotice(entry.kind, order, deps.shop, parcels);
  if (decided.kind !== "notice") return retire(deps, entry, decided.reason, result);
  const text = deps.sms.renderer.render(decided.notice);
  const message = { to: decided.notice.to, text, unicode: smsEncoding(text) === "ucs2" };
  if (round.gatewayDown !== null) {
    return postpone(deps, [entry], `Not tried: ${round.gatewayDown}`, round);
  }
  const admission = deps.budget && round.limits
    ? await admitText(deps.budget.budgets, round.limits, decided.notice.to, deps.clock.now())
    : SEND;
  if (admission.kind !== "send") return holdBack(deps, entry, admission, round);
  const sender = deps.sms.sender;
  const send = spending(deps, admission, () => sender.send(message));
  await sendOnce(deps, [entry], send, round, async (error) => {
    if (retryable(error)) {
      round.gatewayDown = describeError(error);
      return false;
    }
    await retire(deps, entry, `Refused: ${describeError(error)}`, result);
    return true;
  });
}

/**
 * Sends one mail or text for `entries` (one entry, or a digest's): marked sending first,
 * then sent, then marked sent; a failed send marks each failed to be tried again, unless
 * `settled` deals with the failure itself (answers true), a lost mark is remembered.
 */
async function sendOnce(
  deps: DispatchDeps,
  entries: readonly OutboxEntry[],
  send: () => Promise<void>,
  round: Round,
  settled: (error: unknown) => Promise<boolean> = () => Promise.resolve(false),
): Promise<void> {
  const { memory, result } = round;
  for (const entry of entries) await deps.outbox.markSending(entry.id, deps.clock.now());
  try {
    await send();
  } catch (error) {
    if (!(await settled(error))) await postpone(deps, entries, describeError(error), round);
    return;
  }
  const sentAt = deps.clock.now();
  for (const entry of entries) memory.sentUnmarked.set(entry.id, sentAt);
  for (const entry of entries) {
    await deps.outbox.markSent(entry.id, sentAt);
    memory.sentUnmarked.delete(entry.id);
    result.sent++;
  }
  if (entries.some((entry) => entry.resend)) memory.resent++;
}

/**
 * The shop's digest: the due notices of one kind as one mail naming each order (a notice
 * whose order is gone is retired). Its Message-ID is the first notice's.
 */
async function sendDigest(
  deps: DispatchDeps,
  entries: readonly OutboxEntry[],
  round: Round,
  digestMail: typeof proofsDigestMail | typeof ordersDigestMail,
): Promise<void> {
  const { result } = round;
  const found: { entry: OutboxEntry; order: Order }[] = [];
  for (const entry of entries) {
    const order = "orderId" in entry ? await deps.orders.findById(entry.orderId) : undefined;
    if (order && digestMail === proofsDigestMail && order.paymentStatus !== "proof_submitted") {
      // Its slip was decided meanwhile (accepted, or refused with a reason): nothing is left
      // for the owner to check, and the digest does not ask.
      await deps.outbox.markSent(entry.id, deps.clock.now());
      continue;
    }
    if (order) found.push({ entry, order });
    else {
      await deps.outbox.markFailed(
        entry.id,
        "The order of this notice does not exist",
        NEVER_AGAIN,
      );
      result.failed++;
    }
  }
  if (found.length === 0) return;
  const mail = digestMail(found.map((f) => f.order), {
    shop: deps.shop,
    bank: deps.bank,
    notifyEmail: deps.notifyEmail,
  });
  const message = {
    ...deps.renderer.render(mail),
    messageId: messageIdHeader(found[0].entry.messageId, deps.shop.publicUrl),
  };
  await sendOnce(deps, found.map((f) => f.entry), () => deps.mailer.send(message), round);
}
