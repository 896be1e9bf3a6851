/**
 * The customer's mails about an order, written in the order's language: checkout,
 * completion, rejection, lapse, payment received and the link asked for on /track.
 */
import type {
  CustomerOrderMail,
  OrderFacts,
  PaidNext,
  RejectedSettlement,
} from "../../../domain/notifications/mail.ts";
import type { BankDetails, ShopInfo } from "../../../domain/shop.ts";
import type { WordKey, Words } from "../../i18n/words.ts";
import { PAYMENT_POLICIES } from "../../../domain/orders/payment_policy.ts";
import {
  amountNote,
  buttonLink,
  deliverTo,
  detailRows,
  heading,
  itemsTable,
  type MailPart,
  orderHeading,
  paragraph,
  paymentLabel,
  totalsTable,
} from "./blocks.ts";

/**
 * What a payment's mail says comes next; an order cancelled meanwhile is told what its page
 * says of a cancelled order that was paid (amount_due.ts).
 */
const PAID_NEXT_WORDS: Readonly<Record<PaidNext, WordKey>> = {
  on_its_way: "mail.paid.onItsWay",
  will_mail: "mail.paid.willMail",
  refund: "amount.noteRefund",
};

/** What a cancelled order's mail says of the money. */
const SETTLEMENT_WORDS: Readonly<Record<RejectedSettlement, WordKey>> = {
  refund: "mail.rejected.refund",
  slip_unchecked: "mail.lapsed.paid",
  nothing_owed: "mail.rejected.nothingOwed",
};

/** A mail's subject and blocks, before the layout wraps them. */
export interface Written {
  subject: string;
  parts: MailPart[];
}

function orderLink(words: Words, order: OrderFacts): MailPart[] {
  return order.orderUrl ? [buttonLink(words.t("mail.seeOrder"), order.orderUrl)] : [];
}

/** The order itself: its heading, lines and amounts. */
function summary(words: Words, order: OrderFacts): MailPart[] {
  return [...orderHeading(words, order), itemsTable(words, order), totalsTable(words, order)];
}

/**
 * Where to deposit, and what keeps the order: the deposit slip uploaded on the order's
 * page before the order lapses; WhatsApp comes second.
 */
function bankDeposit(
  words: Words,
  order: OrderFacts,
  bank: BankDetails,
  lapse: { at: string; hours: number } | null,
): MailPart[] {
  const amount = words.lkr(order.due.cents);
  return [
    detailRows([
      [words.t("mail.bank.bank"), bank.bankName],
      [words.t("mail.bank.branch"), bank.bankBranch],
      [words.t("mail.bank.accountName"), bank.accountName],
      [words.t("mail.bank.accountNumber"), bank.accountNumber],
      [words.t("mail.bank.amount"), amount],
      [words.t("mail.bank.reference"), words.t("mail.orderHeading", { id: order.id })],
    ]),
    ...(lapse
      ? [paragraph(words.t("mail.placed.deadline", {
        hours: lapse.hours,
        deadline: words.dateTime(lapse.at),
      }))]
      : []),
    ...(order.orderUrl ? [buttonLink(words.t("mail.placed.uploadSlip"), order.orderUrl)] : []),
    paragraph(words.t("mail.placed.receipt", { whatsapp: bank.whatsappNumber })),
  ];
}

/**
 * What the order-placed mail says about paying: the method's own sentence and, for a
 * deposit, the account and the deadline; once the order is paid (or cancelled) before the
 * mail goes out, what its payment status says instead.
 */
function placedPayment(
  words: Words,
  mail: Extract<CustomerOrderMail, { kind: "order_placed" }>,
): MailPart[] {
  const { order } = mail;
  if (order.due.kind !== "collect" && order.due.kind !== "pay") return [amountNote(words, order)];
  const sentence = words.t(PAYMENT_POLICIES[order.paymentMethod].words.placedMail, {
    amount: words.lkr(order.due.cents),
    id: order.id,
  });
  return [
    paragraph(sentence),
    ...(mail.bank ? bankDeposit(words, order, mail.bank, mail.lapse) : []),
  ];
}

/** When a pre-order is expected, in the book page's words when it has a date. */
function preorderExpected(words: Words, order: OrderFacts): string {
  return order.preorderDate
    ? words.t("product.preorderExpected", { date: words.date(order.preorderDate) })
    : words.t("mail.promisePreorder");
}

function deliveryPromise(words: Words, order: OrderFacts): MailPart[] {
  const parts = [paragraph(words.t("mail.promise"))];
  if (order.preorder) parts.push(paragraph(preorderExpected(words, order)));
  // A mixed order says how it is sent: in two parcels, or together once the pre-order is in.
  if (order.sentAs) parts.push(paragraph(words.t(order.sentAs)));
  return parts;
}

/** The courier and tracking number the order was completed with, when no parcel names them. */
function orderTracking(
  words: Words,
  mail: { courier: string | null; trackingNumber: string | null },
): MailPart[] {
  const rows: [string, string][] = [];
  if (mail.courier) rows.push([words.t("mail.courier"), mail.courier]);
  if (mail.trackingNumber) rows.push([words.t("mail.tracking"), mail.trackingNumber]);
  return rows.length > 0 ? [detailRows(rows)] : [];
}

/** The mails whose words follow one pattern: greeting, news, link, the order, questions. */
function plain(
  words: Words,
  shop: ShopInfo,
  order: OrderFacts,
  mail: { subject: string; parts: MailPart[] },
): Written {
  return {
    subject: mail.subject,
    parts: [
      paragraph(words.t("mail.greeting", { name: order.customerName })),
      ...mail.parts,
      ...orderLink(words, order),
      ...summary(words, order),
      paragraph(words.t("mail.questions", { phone: shop.phones[0] ?? shop.email })),
    ],
  };
}

/** The subject and blocks of a customer's order mail. */
export function writeCustomerMail(
  words: Words,
  shop: ShopInfo,
  mail: CustomerOrderMail,
): Written {
  const { order } = mail;
  const id = order.id;
  const names = { shop: shop.name, id };
  switch (mail.kind) {
    case "order_placed":
      return {
        subject: words.t("mail.placed.subject", names),
        parts: [
          paragraph(words.t("mail.greeting", { name: order.customerName })),
          paragraph(words.t("mail.placed.received", names)),
          ...placedPayment(words, mail),
          ...orderLink(words, order),
          ...summary(words, order),
          heading(words.t("mail.delivery")),
          ...deliveryPromise(words, order),
          deliverTo(words, order.deliverTo),
          paragraph(words.t("mail.questions", { phone: shop.phones[0] ?? shop.email })),
        ],
      };
    case "order_completed": {
      // Each parcel with its courier, waybill and tracking link; else the order's own words.
      const tracking: MailPart[] = mail.parcels.length > 0
        ? mail.parcels.flatMap((parcel) => [
          detailRows([
            [words.t("mail.courier"), parcel.courier],
            ...(parcel.waybill
              ? [[words.t("mail.tracking"), parcel.waybill] as [string, string]]
              : []),
          ]),
          ...(parcel.tracking_url
            ? [buttonLink(words.t("mail.trackParcel"), parcel.tracking_url)]
            : []),
        ])
        : orderTracking(words, mail);
      return {
        subject: words.t("mail.completed.subject", names),
        parts: [
          paragraph(words.t("mail.greeting", { name: order.customerName })),
          // A pre-ordered book is handed over only once it has arrived: it travels with the rest.
          paragraph(
            words.t(order.preorder ? "mail.completed.preorder" : "mail.completed.body", { id }),
          ),
          ...tracking,
          paragraph(words.t("mail.paymentIs", { method: paymentLabel(words, order) })),
          amountNote(words, order),
          ...orderLink(words, order),
          ...summary(words, order),
          heading(words.t("mail.deliveringTo")),
          deliverTo(words, order.deliverTo),
          paragraph(words.t("mail.thanks", { shop: shop.name })),
        ],
      };
    }
    case "order_rejected":
      return plain(words, shop, order, {
        subject: words.t("mail.rejected.subject", names),
        parts: [
          paragraph(words.t("mail.rejected.body", { id })),
          ...(mail.reason ? [detailRows([[words.t("mail.reason"), mail.reason]])] : []),
          paragraph(words.t(SETTLEMENT_WORDS[mail.settlement])),
        ],
      });
    case "slip_refused":
      return plain(words, shop, order, {
        subject: words.t("mail.slipRefused.subject", names),
        parts: [
          paragraph(words.t("mail.slipRefused.body", { id })),
          ...(mail.reason ? [detailRows([[words.t("mail.reason"), mail.reason]])] : []),
          ...(mail.deadline
            ? [paragraph(words.t("mail.slipRefused.deadline", {
              deadline: words.dateTime(mail.deadline),
            }))]
            : []),
        ],
      });
    case "order_refunded":
      return plain(words, shop, order, {
        subject: words.t("mail.refunded.subject", names),
        parts: [
          paragraph(words.t("mail.refunded.body", { id })),
          ...(mail.refund ? [paragraph(mail.refund)] : []),
          ...(mail.card ? [paragraph(words.t("mail.refunded.card"))] : []),
        ],
      });
    case "order_lapsed":
      return plain(words, shop, order, {
        subject: words.t("mail.lapsed.subject", names),
        parts: [
          paragraph(words.t(PAYMENT_POLICIES[order.paymentMethod].words.lapsedMail.body, { id })),
          paragraph(words.t(PAYMENT_POLICIES[order.paymentMethod].words.lapsedMail.paid)),
        ],
      });
    case "payment_received":
      return plain(words, shop, order, {
        subject: words.t("mail.paid.subject", names),
        parts: [
          paragraph(words.t("mail.paid.body", {
            amount: words.lkr(order.breakdown.receivedCents),
            id,
            method: paymentLabel(words, order),
          })),
          paragraph(words.t(PAID_NEXT_WORDS[mail.next])),
        ],
      });
    case "order_link":
      return plain(words, shop, order, {
        subject: words.t("mail.link.subject", names),
        parts: [paragraph(words.t("mail.link.body", { id })), amountNote(words, order)],
      });
  }
}
