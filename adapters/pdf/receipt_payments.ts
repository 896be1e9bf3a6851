/**
 * The receipt's payments: when the shop recorded each payment of the order (and any it
 * took back, and each refund with its amount and reason), with the method, from the order's
 * timeline; the amounts are the breakdown's
 * (payments received, vouchers, refunds, still to pay), drawn above it by the totals.
 */
// @ts-types="@types/pdfmake"
import type { Content } from "pdfmake";
import type { Order } from "../../domain/orders/model.ts";
import type { Breakdown } from "../../domain/pricing/breakdown.ts";
import { EVENT_KIND_POLICIES } from "../../domain/orders/event_kinds.ts";
import { PAYMENT_POLICIES } from "../../domain/orders/payment_policy.ts";
import type { Words } from "../i18n/words.ts";
import { scriptRuns } from "./scripts.ts";

/** The timeline's entries about money changing hands. */
const PAYMENT_EVENTS = new Set<Order["events"][number]["kind"]>(["paid", "unpaid", "refunded"]);

export function receiptPayments(w: Words, order: Order, b: Breakdown): Content {
  const method = w.t(PAYMENT_POLICIES[order.paymentMethod].words.name);
  const entries = order.events.filter((event) => PAYMENT_EVENTS.has(event.kind));
  const lines: Content[] = entries.map((event) => ({
    text: scriptRuns(
      `${w.dateTime(event.at)}  ·  ${
        w.t(EVENT_KIND_POLICIES[event.kind].words.page)
      }  ·  ${method}${
        // A refund names its amount, reference and reason, as the order's page does.
        event.kind === "refunded" && event.note ? `  ·  ${event.note}` : ""}`,
    ),
  }));
  const nothing = entries.length === 0 && b.receivedCents === 0 && b.vouchers.length === 0;
  return {
    stack: [
      { text: scriptRuns(w.t("receipt.payments")), style: "section", margin: [0, 10, 0, 2] },
      ...(nothing ? [{ text: scriptRuns(w.t("receipt.noPayments")) }] : lines),
    ],
  };
}
