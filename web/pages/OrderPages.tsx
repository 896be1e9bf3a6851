/**
 * The customer's order page (opened by the link in every mail about the order) and the
 * look-up page that mails that link. Times are Sri Lanka's.
 */
import type { CustomerOrder } from "../../domain/orders/customer_view.ts";
import { orderPlace } from "../../domain/orders/place_names.ts";
import type { BankDetails } from "../../domain/shop.ts";
import { amountDue } from "../../domain/orders/amount_due.ts";
import { EVENT_KIND_POLICIES } from "../../domain/orders/event_kinds.ts";
import { PAYMENT_POLICIES } from "../../domain/orders/payment_policy.ts";
import { shopperWords } from "../../domain/orders/shopper_words.ts";
import type { GatewayForm } from "../../domain/payments/gateway.ts";
import { Availability } from "../components/Availability.tsx";
import type { CustomerParcel } from "../../domain/fulfilment/customer_parcels.ts";
import { ORDER_PATHS } from "../../contract/paths.ts";
import { BankDetailsList } from "../components/BankDetailsList.tsx";
import { CardPayment, onlineWords } from "../components/CardPayment.tsx";
import { useI18n } from "../i18n/mod.ts";
import { Island } from "../components/Island.tsx";
import { ProofUpload } from "../islands/ProofUpload.tsx";
import { TrackForm } from "../islands/TrackForm.tsx";
import { GiftVoucherBalance } from "../islands/GiftVoucherBalance.tsx";
import { breakdownFromRecord } from "../../domain/pricing/breakdown_record.ts";
import { parcelsWord } from "../../domain/fulfilment/preorder_waiting.ts";
import { BreakdownTotals, LinePrice, LineSavings } from "../components/MoneyBreakdown.tsx";

/** At most this many slips an order (the server's rule; a sixth is refused there). */
const MAX_PROOFS = 5;

export function OrderPage(
  {
    order,
    orderKey,
    bank,
    cardPayment,
    cardCancelled,
    cardReturned,
    parcels = [],
  }: {
    order: CustomerOrder;
    orderKey: string;
    bank: BankDetails;
    /** The gateway's form while a card order waits for its payment. */
    cardPayment?: GatewayForm;
    /** The customer came back from a card payment they cancelled. */
    cardCancelled?: boolean;
    /** The customer came back from the gateway after paying (or trying to). */
    cardReturned?: boolean;
    /** The parcels that have left the shop, each with its tracking link when there is one. */
    parcels?: CustomerParcel[];
  },
) {
  const { t, lkr, dateTime, href, language } = useI18n();
  // The place as the order named it when it was placed, in the page's language.
  const { area, district, province } = orderPlace({
    areaName: order.area_name,
    areaNameSi: order.area_name_si,
    areaNameTa: order.area_name_ta,
    districtName: order.district_name,
    districtNameSi: order.district_name_si,
    districtNameTa: order.district_name_ta,
    provinceName: order.province_name,
    provinceNameSi: order.province_name_si,
    provinceNameTa: order.province_name_ta,
  }, language);
  // Every figure as the shop worked it out: the page lays them out and adds nothing up.
  const figures = breakdownFromRecord(order.breakdown);
  // How a mixed order is sent, as its customer chose at checkout.
  const sentAs = parcelsWord(order);

  const words = shopperWords({
    status: order.status,
    paymentMethod: order.payment_method,
    paymentStatus: order.payment_status,
  });
  const proofs = order.events.filter((e) => e.kind === "proof_submitted").map((e) => e.at);
  const policy = PAYMENT_POLICIES[order.payment_method];
  const takesProof = policy.takesProofs && order.status === "pending" &&
    order.payment_status !== "paid";
  // What the order owes, as its payment status says: the same words as its slip and mails.
  const due = amountDue({
    status: order.status,
    paymentMethod: order.payment_method,
    paymentStatus: order.payment_status,
  }, figures);
  return (
    <section className="order-page">
      <h1 className="page-title">{t("order.title", { id: order.id })}</h1>
      <dl className="order-facts">
        <dt>{t("order.placed")}</dt>
        <dd>{dateTime(order.order_date)}</dd>
        <dt>{t("order.status")}</dt>
        <dd>
          <strong>{t(words.status)}</strong>
        </dd>
        <dt>{t("order.payment")}</dt>
        <dd>
          {t(policy.words.name)}: <strong>{t(words.payment)}</strong>
        </dd>
        {order.courier && (
          <>
            <dt>{t("order.courier")}</dt>
            <dd>{order.courier}</dd>
          </>
        )}
        {order.tracking_number && (
          <>
            <dt>{t("order.tracking")}</dt>
            <dd>{order.tracking_number}</dd>
          </>
        )}
        <dt>{t("money.due")}</dt>
        <dd data-figure="due">
          {lkr(figures.dueCents)}
          <span className="hint amount-note">{t(due.words.page.note)}</span>
        </dd>
      </dl>

      {takesProof && (
        <section className="order-section">
          <h2>{t("order.payByBank")}</h2>
          <BankDetailsList bank={bank} />
          <Island
            name="ProofUpload"
            component={ProofUpload}
            props={{
              orderId: order.id,
              orderKey,
              sent: proofs,
              max: MAX_PROOFS,
              // The deadline, while the order lapses unless a slip arrives.
              ...(order.payment_status === "unpaid" && order.expires_at
                ? { deadline: { at: order.expires_at, amount: lkr(figures.dueCents) } }
                : {}),
            }}
          />
        </section>
      )}

      {cardPayment && (
        <section className="order-section">
          <h2>{t(onlineWords(order.payment_method).heading)}</h2>
          <CardStanding
            order={order}
            cancelled={cardCancelled === true}
            returned={cardReturned === true}
          />
          <CardPayment
            form={cardPayment}
            amountCents={figures.dueCents}
            method={order.payment_method}
          />
        </section>
      )}

      <section className="order-section">
        <h2>{t("order.items")}</h2>
        <table className="order-lines">
          <thead>
            <tr>
              <th scope="col">{t("order.item")}</th>
              <th scope="col">{t("order.quantity")}</th>
              <th scope="col">{t("money.pricePaid")}</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item, i) => {
              const line = figures.lines[i];
              return (
                <tr key={item.id}>
                  <td>
                    {item.title}
                    {item.preorder
                      ? <Availability stock={0} preorder preorderDate={item.preorder_date} />
                      : null}
                    <span className="hint">
                      {t("cart.each", { price: lkr(line.usualUnitCents) })}
                    </span>
                    <LineSavings line={line} />
                  </td>
                  <td>{item.quantity}</td>
                  <td>
                    <LinePrice line={line} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <BreakdownTotals breakdown={figures} />
        {sentAs ? <p className="order-parcels">{t(sentAs)}</p> : null}
        {/* The receipt: this breakdown and the payments received, in the order's language. */}
        <p className="receipt-link">
          <a
            href={`${ORDER_PATHS.receipt.path.replace(":id", String(order.id))}?key=${
              encodeURIComponent(orderKey)
            }`}
            download
          >
            {t("receipt.download")}
          </a>
        </p>
      </section>

      {parcels.length > 0 && (
        <section className="order-section">
          <h2>{t("order.parcels")}</h2>
          <ul className="parcels">
            {parcels.map((parcel, i) => (
              <li key={i}>
                {t(
                  parcel.status === "delivered"
                    ? "order.parcelDelivered"
                    : "order.parcelHandedOver",
                  { courier: parcel.courier, waybill: parcel.waybill ?? "—" },
                )}
                {parcel.tracking_url
                  ? (
                    <>
                      {" "}
                      <a href={parcel.tracking_url} rel="noopener noreferrer" target="_blank">
                        {t("order.trackParcel")}
                      </a>
                    </>
                  )
                  : null}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="order-section">
        <h2>{t("order.deliveringTo")}</h2>
        <address>
          {order.name}
          <br />
          {order.address}
          <br />
          {area}, {district}, {province} {order.postal_code}
        </address>
      </section>

      <section className="order-section">
        <h2>{t("order.history")}</h2>
        <ol className="timeline">
          {order.events.map((event, i) => (
            <li key={i}>
              <time dateTime={event.at}>{dateTime(event.at)}</time>
              <span>
                {t(EVENT_KIND_POLICIES[event.kind].words.page)}
                {event.note && EVENT_KIND_POLICIES[event.kind].noteOnPage ? `: ${event.note}` : ""}
              </span>
            </li>
          ))}
        </ol>
      </section>
      <p>
        <a href={href("/")}>{t("order.back")}</a>
      </p>
    </section>
  );
}

/**
 * Where a card order's payment stands, above its form: cancelled on the gateway, or the last
 * attempt declined (both: the order is kept until its deadline, pay again), or just back from
 * the gateway with no word yet (being confirmed); nothing before any attempt.
 */
function CardStanding(
  { order, cancelled, returned }: { order: CustomerOrder; cancelled: boolean; returned: boolean },
) {
  const { t, dateTime } = useI18n();
  const words = onlineWords(order.payment_method);
  const kept = order.expires_at ? dateTime(order.expires_at) : undefined;
  const last = order.events.at(-1);
  if (last?.kind === "payment_failed" && kept) {
    return <p className="notice" role="alert">{t(words.failed, { time: kept })}</p>;
  }
  if (cancelled && kept) {
    return <p className="notice" role="status">{t(words.cancelled, { time: kept })}</p>;
  }
  return returned ? <p className="hint">{t(words.waiting)}</p> : null;
}

/** A gift voucher's balance: the page its mail links to, and the footer's. */
export function GiftVoucherPage() {
  const { t } = useI18n();
  return (
    <section className="narrow">
      <h1 className="page-title">{t("voucher.title")}</h1>
      <p>{t("voucher.intro")}</p>
      <Island name="GiftVoucherBalance" component={GiftVoucherBalance} props={{}} />
      <noscript>
        <p className="notice">{t("voucher.noScript")}</p>
      </noscript>
    </section>
  );
}

export function TrackPage() {
  const { t } = useI18n();
  return (
    <section className="narrow">
      <h1 className="page-title">{t("track.title")}</h1>
      <p>{t("track.intro")}</p>
      <Island name="TrackForm" component={TrackForm} props={{}} />
      <noscript>
        <p className="notice">{t("track.noScript")}</p>
      </noscript>
    </section>
  );
}
