/**
 * The confirmation shown once an order is placed, titled by how it is paid; its primary
 * action opens the order's own page, which stays the order's confirmation afterwards.
 */
import type { PaymentMethod } from "../../domain/orders/model.ts";
import { amountDue } from "../../domain/orders/amount_due.ts";
import type { Breakdown } from "../../domain/pricing/breakdown.ts";
import { BreakdownTotals } from "./MoneyBreakdown.tsx";
import { PAYMENT_POLICIES } from "../../domain/orders/payment_policy.ts";
import {
  type BankDetails,
  whatsappChatUrl,
  whatsappQrPath,
  whatsappShown,
} from "../../domain/shop.ts";
import type { GatewayForm } from "../../domain/payments/gateway.ts";
import { BankDetailsList } from "./BankDetailsList.tsx";
import { CardPayment } from "./CardPayment.tsx";
import { Dialog } from "./Dialog.tsx";
import { Sentence } from "./Sentence.tsx";
import { useI18n } from "../i18n/mod.ts";
import { orderPagePath } from "../lib/order_page_path.ts";

export interface PlacedOrder {
  orderId: number;
  /** What the order costs, as the shop worked it out (its answer's `breakdown`). */
  breakdown: Breakdown;
  method: PaymentMethod;
  /** The order holds a pre-ordered book: it comes in weeks, not days. */
  preorder: boolean;
  /**
   * When its pre-ordered books are expected (YYYY-MM-DD), as their pages say; absent when a
   * pre-ordered line has no date (the dialog says the weeks).
   */
  preorderDate?: string;
  /** The order's own page (`/orders/{id}?key=...`), when the shop answered one. */
  orderUrl?: string;
  /**
   * When the order is cancelled unless its deposit slip arrives (ISO 8601), and the hold in
   * hours; absent for a method whose orders do not lapse.
   */
  lapse?: { at: string; hours: number };
  /** A card order's way to the gateway, as the shop signed it. */
  cardPayment?: GatewayForm;
}

export function PaymentDialog(
  { order, bank, onClose }: { order: PlacedOrder; bank: BankDetails; onClose: () => void },
) {
  const { t, lkr, href, date, dateTime } = useI18n();
  // How long delivery takes, as the checkout's notes say it; a dated pre-order, its date.
  const time = t(order.preorder ? "placed.weeks" : "placed.days");
  const expected = order.preorder && order.preorderDate
    ? t("product.preorderExpected", { date: date(order.preorderDate) })
    : undefined;
  const orderPage = order.orderUrl ? orderPagePath(order.orderUrl) : undefined;
  const policy = PAYMENT_POLICIES[order.method];
  // A new order: what it owes is what its method's first payment status says.
  const due = amountDue({
    status: "pending",
    paymentMethod: order.method,
    paymentStatus: policy.initialPaymentStatus,
  }, order.breakdown);
  const slipPage = orderPage
    ? <a href={href(orderPage)}>{t("placed.slipPage")}</a>
    : t("placed.slipPage");
  return (
    <Dialog title={t(policy.words.placedTitle)} onClose={onClose} className="payment-dialog">
      <p className="notice notice-ok" role="status">{t("placed.done")}</p>
      <dl className="totals order-number">
        <div>
          <dt>{t("placed.orderId")}</dt>
          <dd>#{order.orderId}</dd>
        </div>
      </dl>
      <BreakdownTotals breakdown={order.breakdown} />
      {order.cardPayment && due.cents > 0
        ? (
          <CardPayment
            form={order.cardPayment}
            amountCents={due.cents}
            method={order.method}
            go
          />
        )
        : null}
      <div className={policy.showsBankDetails ? "bank-note" : "cod-note"}>
        <p>
          <Sentence
            id={expected && policy.showsBankDetails
              ? "placed.bankHintPreorder"
              : policy.words.placedDialog}
            values={{ time }}
            parts={{ amount: <strong>{lkr(due.cents)}</strong>, link: slipPage }}
          />
        </p>
        {expected
          ? <p className="preorder-expected">{expected}</p>
          : policy.showsBankDetails
          ? null
          : <p>{t("placed.deliveredIn", { time })}</p>}
      </div>
      {order.lapse
        ? (
          <p className="notice" role="note">
            <Sentence
              id={policy.words.placedDeadline}
              values={{
                hours: order.lapse.hours,
                minutes: Math.max(1, Math.round(order.lapse.hours * 60)),
              }}
              parts={{ deadline: <strong>{dateTime(order.lapse.at)}</strong> }}
            />
          </p>
        )
        : null}
      {policy.showsBankDetails
        ? (
          <>
            <BankDetailsList bank={bank} />
            <p className="hint">{t("placed.whatsappSecond")}</p>
            <WhatsApp number={bank.whatsappNumber} />
          </>
        )
        : null}
      {orderPage
        ? (
          <p>
            <Sentence
              id="placed.follow"
              parts={{ link: <a href={href(orderPage)}>{t("placed.orderPage")}</a> }}
            />
          </p>
        )
        : null}
      <p>{t("placed.thanks")}</p>
      <div className="dialog-actions">
        {orderPage
          ? <a href={href(orderPage)} className="button">{t("placed.viewOrder")}</a>
          : null}
        <button
          type="button"
          className={orderPage ? "button button-ghost" : "button"}
          onClick={onClose}
        >
          {t("cart.close")}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * WhatsApp for the receipt: a QR code to scan with a phone from a computer's screen, and a
 * link that opens the chat, which is all a phone shows (a code on the phone's own screen
 * cannot be scanned by it: app.css hides it on narrow and touch screens).
 */
function WhatsApp({ number }: { number: string }) {
  const { t } = useI18n();
  const chat = whatsappChatUrl(number);
  const qr = whatsappQrPath(number);
  const shown = whatsappShown(number);
  if (!chat) return null;
  return (
    <div className="whatsapp">
      {qr
        ? (
          <figure className="qr">
            <img src={qr} alt={t("placed.qrAlt", { number: shown })} width={160} height={160} />
            <figcaption>{t("placed.qrCaption", { number: shown })}</figcaption>
          </figure>
        )
        : null}
      <a className="button button-ghost whatsapp-open" href={chat} rel="noopener">
        {t("placed.openWhatsapp")}
      </a>
    </div>
  );
}
