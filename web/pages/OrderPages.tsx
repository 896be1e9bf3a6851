/**
 * The customer's order page (opened by the link in every mail about the order) and the
 * look-up page that mails that link. Times are Sri Lanka's.
 */
import type { CustomerOrder } from "../../domain/orders/customer_view.ts";
import { placeName, type PlaceNames } from "../../domain/catalogue/locations.ts";
import type { BankDetails } from "../../domain/shop.ts";
import { amountDue } from "../../domain/orders/amount_due.ts";
import { EVENT_KIND_POLICIES } from "../../domain/orders/event_kinds.ts";
import { PAYMENT_POLICIES } from "../../domain/orders/payment_policy.ts";
import { ORDER_STATUS_POLICIES } from "../../domain/orders/status.ts";
import type { GatewayForm } from "../../domain/payments/gateway.ts";
import { Availability } from "../components/Availability.tsx";
import type { CustomerParcel } from "../../domain/fulfilment/customer_parcels.ts";
import { ORDER_PATHS } from "../../contract/paths.ts";
import { BankDetailsList } from "../components/BankDetailsList.tsx";
import { CardPayment } from "../components/CardPayment.tsx";
import { type MessageKey, useI18n } from "../i18n/mod.ts";
import { Island } from "../components/Island.tsx";
import { ProofUpload } from "../islands/ProofUpload.tsx";
import { TrackForm } from "../islands/TrackForm.tsx";
import { GiftVoucherBalance } from "../islands/GiftVoucherBalance.tsx";
import { breakdownFromRecord } from "../../domain/pricing/breakdown_record.ts";
import { BreakdownTotals, LinePrice, LineSavings } from "../components/MoneyBreakdown.tsx";

/** At most this many slips an order (the server's rule; a sixth is refused there). */
const MAX_PROOFS = 5;

const PAYMENT_TEXT: Record<CustomerOrder["payment_status"], MessageKey> = {
  unpaid: "order.paymentUnpaid",
  proof_submitted: "order.paymentProof",
  paid: "order.paymentPaid",
};

/** The names in the other languages of an order's district and province. */
export interface OrderPlaces {
  district: PlaceNames;
  province: PlaceNames;
}

export function OrderPage(
  {
    order,
    orderKey,
    bank,
    places = { district: {}, province: {} },
    cardPayment,
    cardCancelled,
    parcels = [],
  }: {
    order: CustomerOrder;
    orderKey: string;
    bank: BankDetails;
    places?: OrderPlaces;
    /** The gateway's form while a card order waits for its payment. */
    cardPayment?: GatewayForm;
    /** The customer came back from a card payment they cancelled. */
    cardCancelled?: boolean;
    /** The parcels that have left the shop, each with its tracking link when there is one. */
    parcels?: CustomerParcel[];
  },
) {
  const { t, lkr, dateTime, href, language } = useI18n();
  // Every figure as the shop worked it out: the page lays them out and adds nothing up.
  const figures = breakdownFromRecord(order.breakdown);
  const district = placeName({ name: order.district_name, names: places.district }, language);
  const province = placeName({ name: order.province_name, names: places.province }, language);

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
          <strong>{t(ORDER_STATUS_POLICIES[order.status].words.shopper)}</strong>
        </dd>
        <dt>{t("order.payment")}</dt>
        <dd>
          {t(policy.words.name)}: <strong>{t(PAYMENT_TEXT[order.payment_status])}</strong>
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
          <h2>{t("order.payByCard")}</h2>
          {cardCancelled && order.expires_at
            ? (
              <p className="notice" role="status">
                {t("card.cancelled", { time: dateTime(order.expires_at) })}
              </p>
            )
            : <p className="hint">{t("card.waiting")}</p>}
          <CardPayment form={cardPayment} amountCents={figures.dueCents} />
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
          {order.area_name}, {district}, {province} {order.postal_code}
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
