/**
 * The dispatcher's side of the message budgets (domain/notifications/message_budget.ts):
 * whether a mail or a text about to go out may go now, must wait, or must never go, and
 * the uses to give back when its send fails.
 *
 * - A mail to the owner's own address (the shop's notices) has no bound; a new-order notice
 *   goes one mail each up to `ownerOrderMailsPerHour` an hour, then waits for the digest
 *   of its window (and while the hour before flooded, too).
 * - Any other mail uses one of its address's mails of the day: none left, it is retired.
 * - A text uses one of the shop's texts of the day (none left: it waits for the next day,
 *   and the owner is told once), then one of its phone's (none left: retired).
 */
import type { Mail } from "../notifications/mail.ts";
import {
  daySlot,
  digestWindow,
  hourSlot,
  isOwnerAddress,
  mailKey,
  type MessageBudgets,
  type MessageLimits,
  nextDayStart,
  OWNER_ORDERS_KEY,
  SHOP_TEXTS_KEY,
  textKey,
} from "../notifications/message_budget.ts";

/** A use taken from a budget, to give back when nothing was sent. */
export interface TakenUse {
  slot: string;
  key: string;
}

/** What becomes of a message about to go out. */
export type Admission =
  | { kind: "send"; taken: TakenUse[] }
  | { kind: "retire"; reason: string }
  | { kind: "wait"; until: Date; reason: string; textsUsedUp: boolean };

/** What the dispatcher holds messages to. */
export interface BudgetDeps {
  budgets: MessageBudgets;
  /** The bounds now (the owner's settings), read once a round. */
  limits: () => Promise<MessageLimits>;
}

/** Whether new-order notices flood: the hour before, or this one, used up its mails. */
export async function ordersFlood(
  budgets: MessageBudgets,
  limits: MessageLimits,
  now: Date,
): Promise<boolean> {
  const hourBefore = hourSlot(new Date(now.getTime() - 3_600_000));
  const [before, current] = await Promise.all([
    budgets.used(hourBefore, OWNER_ORDERS_KEY),
    budgets.used(hourSlot(now), OWNER_ORDERS_KEY),
  ]);
  return before >= limits.ownerOrderMailsPerHour || current >= limits.ownerOrderMailsPerHour;
}

/** Whether a mail may go now (`owner` is the shop's notice address). */
export async function admitMail(
  budgets: MessageBudgets,
  limits: MessageLimits,
  mail: Pick<Mail, "kind" | "to">,
  context: { owner: string; now: Date },
): Promise<Admission> {
  const { now, owner } = context;
  if (mail.kind === "shop_order_placed") {
    const window = digestWindow(now, limits.digestMinutes);
    const waits = {
      kind: "wait",
      until: window.next,
      reason:
        `New orders are flooding: this notice waits for the digest of ${window.next.toISOString()}`,
      textsUsedUp: false,
    } as const;
    if (await ordersFlood(budgets, limits, now)) return waits;
    const slot = hourSlot(now);
    return await budgets.take(slot, OWNER_ORDERS_KEY, limits.ownerOrderMailsPerHour)
      ? { kind: "send", taken: [{ slot, key: OWNER_ORDERS_KEY }] }
      : waits;
  }
  if (isOwnerAddress(mail.to, owner)) return { kind: "send", taken: [] };
  const slot = daySlot(now);
  const key = mailKey(mail.to);
  return await budgets.take(slot, key, limits.mailsPerAddress)
    ? { kind: "send", taken: [{ slot, key }] }
    : {
      kind: "retire",
      reason:
        `Not sent: ${limits.mailsPerAddress} mails to this address today (${slot}) is the bound`,
    };
}

/** Whether a text to `phone` may go now. */
export async function admitText(
  budgets: MessageBudgets,
  limits: MessageLimits,
  phone: string,
  now: Date,
): Promise<Admission> {
  const slot = daySlot(now);
  if (!await budgets.take(slot, SHOP_TEXTS_KEY, limits.textsPerDay)) {
    const until = nextDayStart(now);
    return {
      kind: "wait",
      until,
      reason:
        `The shop's ${limits.textsPerDay} texts of ${slot} are used up: waits for the next day`,
      textsUsedUp: true,
    };
  }
  const key = textKey(phone);
  if (await budgets.take(slot, key, limits.textsPerPhone)) {
    return { kind: "send", taken: [{ slot, key: SHOP_TEXTS_KEY }, { slot, key }] };
  }
  await budgets.giveBack(slot, SHOP_TEXTS_KEY);
  return {
    kind: "retire",
    reason: `Not sent: ${limits.textsPerPhone} texts to this number today (${slot}) is the bound`,
  };
}

/** Gives back the uses of a message whose send failed (it is tried again later). */
export async function giveBack(budgets: MessageBudgets, taken: readonly TakenUse[]): Promise<void> {
  for (const use of taken) await budgets.giveBack(use.slot, use.key);
}
