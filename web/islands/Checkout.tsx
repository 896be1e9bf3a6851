/** Checkout: delivery details, payment method, live summary, and placing the order once. */
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from "react";
import {
  type Cart,
  cartHasPreorder,
  cartTotalCents,
  checkoutProblems,
  lineKey,
} from "../../domain/cart/cart.ts";
import type { Province } from "../../domain/catalogue/locations.ts";
import { centsToRupees, rupeesToCents } from "../../domain/money.ts";
import { PAYMENT_METHODS, type PaymentMethod } from "../../domain/orders/model.ts";
import {
  customerHoldHours,
  DEFAULT_HOLD_RULES,
  type HoldRules,
  lapseTime,
  offeredMethods,
  PAYMENT_POLICIES,
  PREORDER_METHODS,
} from "../../domain/orders/payment_policy.ts";
import type { BankDetails } from "../../domain/shop.ts";
import type { FeeRules } from "../../domain/orders/fees.ts";
import { ACCOUNT_PATHS, ORDER_PATHS } from "../../contract/paths.ts";
import { AddressFields } from "../components/AddressFields.tsx";
import { EmptyCart } from "../components/EmptyCart.tsx";
import { OrderSummary } from "../components/OrderSummary.tsx";
import type { PlacedOrder } from "../components/PaymentDialog.tsx";
import { orderPagePath } from "../lib/order_page_path.ts";
import { whenIdle } from "../lib/when_idle.ts";
import { Spinner } from "../components/Spinner.tsx";
import { Sentence } from "../components/Sentence.tsx";
import { ApiFailure, shopApi } from "../lib/api.ts";
import { callWithSession, readSession, writeSession } from "../lib/session.ts";
import { fieldsFromAccount } from "../lib/account_address.ts";
import { writeCart, writeCode } from "../lib/cart_store.ts";
import { type CartPricing, useCartPrice, wireCents } from "../lib/use_cart_price.ts";
import { DiscountCodeField } from "../components/DiscountCodeField.tsx";
import { isCodeReason, refusalReason } from "../lib/promo_words.ts";
import {
  type CheckoutFields,
  EMPTY_FIELDS,
  type FieldErrors,
  idempotencyKeyFor,
  orderPayload,
  serverFieldErrors,
} from "../lib/checkout_form.ts";
import { orderChecks } from "../lib/checks.ts";
import { useStoredCart } from "../lib/use_cart.ts";
import { type I18n, useI18n } from "../i18n/mod.ts";
import { failureText } from "../i18n/failures.ts";
import { checkoutProblemText } from "../lib/cart_words.ts";
import { preorderArrival } from "../../domain/orders/preorder_arrival.ts";

/**
 * The dialog after the order is placed comes when the page is idle or the order is sent,
 * whichever is first: it is no part of what the checkout shows first (docs/benchmarks.md,
 * item 39).
 */
const loadPaymentDialog = () => import("../components/PaymentDialog.tsx");
const PaymentDialog = lazy(() =>
  loadPaymentDialog().then((module) => ({ default: module.PaymentDialog }))
);

export interface CheckoutProps {
  provinces: Province[];
  bank: BankDetails;
  /** The copies of one item an order may hold (`MAX_LINE_QUANTITY`, from the server). */
  maxPerLine: number;
  feeRules?: FeeRules;
  /** How long an unpaid order holds its stock (BANK_DEPOSIT_HOURS); the shop's default when absent. */
  holdRules?: HoldRules;
  /** The methods the shop offers (card only with a gateway); those not paid online when absent. */
  methods?: PaymentMethod[];
}

/** What moved in price between the cart the shopper saw and the shop's. */
export function priceChanges(i18n: I18n, before: Cart, after: Cart): string[] {
  const old = new Map(before.map((l) => [lineKey(l), l.unitPriceCents]));
  return after
    .filter((l) => old.has(lineKey(l)) && old.get(lineKey(l)) !== l.unitPriceCents)
    .map((l) => i18n.t("checkout.priceNow", { title: l.title, price: i18n.lkr(l.unitPriceCents) }));
}

/** A 409 INSUFFICIENT_STOCK's lines, each named with what the shop has and what was asked. */
export function shortfallTexts(i18n: I18n, details: unknown): string[] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((line) =>
    typeof line?.title === "string" && Number.isInteger(line?.available)
      ? [i18n.t("cart.onlyInStockAsked", {
        title: line.title,
        available: line.available,
        requested: line.requested,
      })]
      : []
  );
}

/**
 * A 422 TOO_MANY_COPIES's lines, each named with the copies one order may hold (the title
 * from the answer, else from the cart's line of that item).
 */
export function limitTexts(i18n: I18n, details: unknown, cart: Cart): string[] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((line) => {
    const title = typeof line?.title === "string"
      ? line.title
      : cart.find((l) => l.type === line?.type && l.id === line?.id)?.title;
    return title && Number.isInteger(line?.max)
      ? [i18n.t("cart.lineLimit", { title, max: line.max })]
      : [];
  });
}

/**
 * What an order sends as its items' total and code: the shop's price of this very cart and
 * method when it has one (with its code only when the shop applied it), else the cart's own
 * prices and no code.
 */
export function pricedOrder(
  pricing: Pick<CartPricing, "price" | "current">,
  cart: Cart,
  method: PaymentMethod,
): { totalCents: number; code?: string } {
  const price = pricing.current && pricing.price?.payment_method === method ? pricing.price : null;
  if (!price) return { totalCents: cartTotalCents(cart) };
  const code = price.code?.status === "applied" ? price.code.code : undefined;
  return { totalCents: wireCents(price.items), ...(code ? { code } : {}) };
}

/**
 * A refused order's words about its discount code: 422 (the code gives this order nothing,
 * and why) or 409 (it ran out, was paused, or this customer used their share); undefined
 * for any other failure. `removed` says whether the code is to be taken off the cart.
 */
export function codeFailureText(
  i18n: I18n,
  error: unknown,
): { text: string; removed: boolean } | undefined {
  if (!(error instanceof ApiFailure)) return undefined;
  const details = error.details as { reason?: unknown } | undefined;
  const reason = details?.reason;
  // 422: the code gives this order nothing; 409: refused as the order was placed (its uses
  // ran out, it was paused, or this customer used their share), and taken off the cart.
  const atPlacing = error.status === 409 &&
    (reason === "used_up" || reason === "paused" || reason === "customer_limit");
  if (!isCodeReason(reason) || !(atPlacing || error.status === 422)) return undefined;
  return {
    text: i18n.t("promo.orderCodeNotApplied", { reason: refusalReason(i18n, { reason }) }),
    removed: atPlacing,
  };
}

/** The id of the control a field's error belongs to. */
function controlId(field: keyof CheckoutFields): string {
  if (field === "areaId") return "checkout-city";
  return `checkout-${field.replace(/Id$/, "")}`;
}

export function Checkout(
  { provinces, bank, maxPerLine, feeRules, holdRules, methods = offeredMethods(false) }:
    CheckoutProps,
) {
  const i18n = useI18n();
  const { t, href } = i18n;
  const { cart, refresh } = useStoredCart();
  const [fields, setFields] = useState<CheckoutFields>(EMPTY_FIELDS);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [chosenMethod, setMethod] = useState<PaymentMethod>(PAYMENT_METHODS[0]);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<{ message: string; changes: string[] } | null>(null);
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const [signedInAs, setSignedInAs] = useState<string | null>(null);
  // The order remembers the page's language: its mails and slip are written in it.
  const { language } = useI18n();
  const preorder = cart !== null && cartHasPreorder(cart);
  // A cart with a pre-order pays by a method that takes pre-orders (Bank Deposit).
  const method: PaymentMethod = preorder && !PAYMENT_POLICIES[chosenMethod].allowsPreorders
    ? PREORDER_METHODS[0]
    : chosenMethod;
  const pricing = useCartPrice(cart, method);

  // The form's checks (the order's own schema) load beside the page, ready by the first submit.
  useEffect(() => void orderChecks(), []);
  useEffect(() => whenIdle(() => void loadPaymentDialog()), []);

  // A signed-in customer starts from their account's address; a guest from an empty form.
  useEffect(() => {
    if (readSession()?.role !== "customer") return;
    callWithSession(ACCOUNT_PATHS.profile).then(async ({ data }) => {
      setSignedInAs(data.username);
      const prefilled = await fieldsFromAccount(data);
      setFields((f) => (JSON.stringify(f) === JSON.stringify(EMPTY_FIELDS) ? prefilled : f));
    }).catch(() => setSignedInAs(null));
  }, []);

  if (placed) {
    // Closed, the dialog leaves for the order's own page: the checkout has nothing left.
    const orderPage = placed.orderUrl ? orderPagePath(placed.orderUrl) : undefined;
    return (
      <Suspense fallback={<Spinner label={t("cart.loading")} />}>
        <PaymentDialog
          order={placed}
          bank={bank}
          onClose={() => location.assign(href(orderPage ?? "/"))}
        />
      </Suspense>
    );
  }
  if (cart === null) return <Spinner label={t("cart.loading")} />;
  if (cart.length === 0) return <EmptyCheckout />;

  const change = (changes: Partial<CheckoutFields>) => {
    setFields((f) => ({ ...f, ...changes }));
    setErrors((e) => {
      const next = { ...e };
      for (const name of Object.keys(changes) as (keyof CheckoutFields)[]) delete next[name];
      if ("city" in changes) delete next.areaId;
      return next;
    });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    void loadPaymentDialog();
    const found = (await orderChecks())?.validateCheckout(fields) ?? {};
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFailure(null);
      document.getElementById(controlId(Object.keys(found)[0] as keyof CheckoutFields))?.focus();
      return;
    }
    const problems = checkoutProblems(cart, maxPerLine);
    if (problems.length > 0) {
      setFailure({
        message: t("checkout.shortOfStock"),
        changes: problems.map((p) => checkoutProblemText(i18n, p)),
      });
      return;
    }
    const priced = pricedOrder(pricing, cart, method);
    const payload = {
      ...orderPayload(fields, cart, method),
      total: centsToRupees(priced.totalCents),
      ...(priced.code ? { code: priced.code } : {}),
      locale: language,
    };
    // The cart's dates are the books' own: the dialog says them as their pages did.
    const arrival = preorderArrival(cart);
    attempt.current = idempotencyKeyFor(
      attempt.current,
      JSON.stringify(payload),
      () => crypto.randomUUID(),
    );
    setSubmitting(true);
    setFailure(null);
    try {
      const session = readSession();
      const answer = await shopApi.call(ORDER_PATHS.place, {
        json: payload,
        headers: { "idempotency-key": attempt.current.key },
      }, session?.role === "customer" ? { token: session.token } : {});
      writeCart([]);
      writeCode(null);
      setPlaced({
        orderId: answer.orderId,
        totalCents: rupeesToCents(answer.total) ?? 0,
        deliveryFeeCents: rupeesToCents(answer.deliveryFee) ?? 0,
        subtotalCents: rupeesToCents(answer.subtotal) ?? 0,
        ...(answer.saved ? { savedCents: rupeesToCents(answer.saved) ?? 0 } : {}),
        method,
        preorder,
        ...(arrival?.kind === "date" ? { preorderDate: arrival.date } : {}),
        ...(answer.orderUrl ? { orderUrl: answer.orderUrl } : {}),
        ...(answer.cardPayment ? { cardPayment: answer.cardPayment } : {}),
        ...lapseOf(method),
      });
    } catch (error) {
      await explainFailure(error);
    } finally {
      setSubmitting(false);
    }
  };

  // When the order lapses unless its slip arrives, counted from the shop's answer (the
  // order's page and mail give the shop's own time, to the minute).
  const lapseOf = (paid: PaymentMethod) => {
    const rules = { ...DEFAULT_HOLD_RULES, ...holdRules };
    const hours = customerHoldHours(paid, rules);
    return hours !== null
      ? { lapse: { at: lapseTime(paid, new Date().toISOString(), rules), hours } }
      : {};
  };

  const explainFailure = async (error: unknown) => {
    const message = t("checkout.failed", { reason: failureText(i18n, error) });
    const aboutCode = codeFailureText(i18n, error);
    if (aboutCode) {
      // The code's answer is priced again (and a code the shop refused is taken off).
      if (aboutCode.removed) pricing.setCode(null);
      else pricing.reprice();
      setFailure({ message: aboutCode.text, changes: [] });
      return;
    }
    if (
      error instanceof ApiFailure &&
      (error.code === "PRICE_CHANGED" || error.code === "INSUFFICIENT_STOCK")
    ) {
      const before = cart;
      const after = await refresh().catch(() => before);
      pricing.reprice();
      const changes = error.code === "PRICE_CHANGED" ? priceChanges(i18n, before, after) : [];
      setFailure({
        // No price of a line moved: an offer began or ended since the cart was priced.
        message: error.code === "PRICE_CHANGED" && changes.length === 0
          ? t("promo.orderRepriced")
          : message,
        changes: error.code === "PRICE_CHANGED" ? changes : shortfallTexts(i18n, error.details),
      });
      return;
    }
    if (error instanceof ApiFailure && error.code === "TOO_MANY_COPIES") {
      setFailure({ message, changes: limitTexts(i18n, error.details, cart) });
      return;
    }
    if (error instanceof ApiFailure && error.status === 400) {
      setErrors(serverFieldErrors(error.details));
    }
    if (error instanceof ApiFailure && error.status === 401) {
      // The session ended: the next try goes as a guest's order unless they log in again.
      writeSession(null);
      setSignedInAs(null);
    }
    setFailure({ message, changes: [] });
  };

  return (
    <form className="checkout" onSubmit={submit} noValidate>
      <div className="checkout-form">
        <p className="checkout-account">
          {signedInAs
            ? (
              <Sentence
                id="checkout.loggedInAs"
                values={{ name: signedInAs }}
                parts={{ link: <a href={href("/account")}>{t("checkout.yourAccount")}</a> }}
              />
            )
            : (
              <Sentence
                id="checkout.guest"
                parts={{
                  link: <a href={`${href("/login")}?next=/checkout`}>{t("login.title")}</a>,
                }}
              />
            )}
        </p>
        <AddressFields fields={fields} errors={errors} provinces={provinces} onChange={change} />
        <fieldset className="payment-methods">
          <legend>{t("checkout.paymentMethod")}</legend>
          {methods.map((choice) => (
            <label key={choice}>
              <input
                type="radio"
                name="paymentMethod"
                value={choice}
                checked={method === choice}
                disabled={preorder && !PAYMENT_POLICIES[choice].allowsPreorders}
                onChange={() => setMethod(choice)}
              />{" "}
              {t(PAYMENT_POLICIES[choice].words.checkout)}
            </label>
          ))}
          {preorder ? <p className="hint">{t("checkout.preorderBank")}</p> : null}
        </fieldset>
      </div>
      <div className="checkout-side">
        <OrderSummary
          cart={cart}
          method={method}
          maxPerLine={maxPerLine}
          feeRules={feeRules}
          pricing={pricing}
          codeField={
            <DiscountCodeField
              code={pricing.code}
              answer={pricing.price?.code ?? null}
              pricing={pricing.pricing}
              blockedSeconds={pricing.blockedSeconds}
              onApply={pricing.setCode}
              onRemove={() => pricing.setCode(null)}
            />
          }
        />
        {failure
          ? (
            <div className="notice notice-error" role="alert">
              <p>{failure.message}</p>
              {failure.changes.length > 0
                ? <ul>{failure.changes.map((c) => <li key={c}>{c}</li>)}</ul>
                : null}
            </div>
          )
          : null}
        <button
          type="submit"
          className="button button-large"
          disabled={submitting || pricing.pricing}
          aria-busy={submitting || pricing.pricing}
        >
          {submitting
            ? (
              <>
                <Spinner label={t("checkout.placing")} /> {t("checkout.placingShort")}
              </>
            )
            : t("checkout.place")}
        </button>
      </div>
    </form>
  );
}

/** Checkout with nothing in the cart: say so, and lead back to the shops. */
function EmptyCheckout() {
  const { t } = useI18n();
  return <EmptyCart message={t("checkout.empty")} role="status" />;
}
