/** Checkout: delivery details, payment method, live summary, and placing the order once. */
import { type FormEvent, lazy, Suspense, useContext, useEffect, useRef, useState } from "react";
import { cartHasPreorder, cartWeightGrams, checkoutProblems } from "../../domain/cart/cart.ts";
import {
  methodDeliveries,
  paidByMethod,
  preorderMethods,
} from "../../domain/orders/preorder_policy.ts";
import { methodNames } from "../lib/policy_words.ts";
import type { Province } from "../../domain/catalogue/locations.ts";
import { PAYMENT_METHODS, type PaymentMethod } from "../../domain/orders/model.ts";
import {
  type HoldRules,
  methodSecondParcelFee,
  offeredMethods,
  PAYMENT_POLICIES,
} from "../../domain/orders/payment_policy.ts";
import type { BankDetails } from "../../domain/shop.ts";
import {
  type FeeRules,
  isMixedCart,
  type ParcelChoice,
} from "../../domain/fulfilment/delivery_fees.ts";
import { ACCOUNT_PATHS } from "../../contract/paths.ts";
import { AddressFields, type AddressFieldsProps } from "../components/AddressFields.tsx";
import { EmptyCart } from "../components/EmptyCart.tsx";
import { ServerOrderSummary } from "../components/server_order_summary.ts";
import type { DrawnCart } from "./Cart.tsx";
import type { PlacedOrder } from "../components/PaymentDialog.tsx";
import { orderPagePath } from "../lib/order_page_path.ts";
import { whenIdle } from "../lib/when_idle.ts";
import { Spinner } from "../components/Spinner.tsx";
import { Sentence } from "../components/Sentence.tsx";
import { hasSession } from "../lib/session_key.ts";
import { writeCart, writeCode } from "../lib/cart_store.ts";
import { useCartPrice } from "../lib/use_cart_price.ts";
import { DiscountCodeField } from "../components/DiscountCodeField.tsx";
import {
  type CheckoutFields,
  type CheckoutForm,
  EMPTY_FIELDS,
  type FieldErrors,
  formAfterChange,
} from "../lib/checkout_form.ts";
import type { Attempt } from "../lib/place_order.ts";
import { orderChecks } from "../lib/checks.ts";
import { useStoredCart } from "../lib/use_cart.ts";
import { useI18n } from "../i18n/mod.ts";
import { failureText } from "../i18n/failures.ts";
import { checkoutProblemText } from "../lib/cart_words.ts";

/**
 * The dialog after the order is placed comes when the page is idle or the order is sent,
 * whichever is first: it is no part of what the checkout shows first (docs/benchmarks.md,
 * item 39).
 */
const loadPaymentDialog = () => import("../components/PaymentDialog.tsx");
const PaymentDialog = lazy(() =>
  loadPaymentDialog().then((module) => ({ default: module.PaymentDialog }))
);

/** The placing of the order (its request, answer and refusals), loaded as the dialog is. */
const loadPlacing = () => import("../lib/place_order.ts");

/**
 * The order summary (its lines and the breakdown's rows) shows only once the cart is read
 * from the browser, after hydration: it loads then, beside the page, not with it.
 */
const loadSummary = () => import("../components/OrderSummary.tsx");
const OrderSummary = lazy(() => loadSummary().then((module) => ({ default: module.OrderSummary })));

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
  /**
   * The stored cart as the server drew it (http/pages/drawn_cart.ts), priced for the method
   * the checkout starts with; absent when the browser draws it (the loading state first).
   */
  drawn?: DrawnCart;
}

/** The id of the control a field's error belongs to. */
function controlId(field: keyof CheckoutFields): string {
  if (field === "areaId") return "checkout-city";
  return `checkout-${field.replace(/Id$/, "")}`;
}

export function Checkout(
  { provinces, bank, maxPerLine, feeRules, holdRules, methods = offeredMethods([]), drawn }:
    CheckoutProps,
) {
  const i18n = useI18n();
  const { t, href } = i18n;
  const { cart, refresh } = useStoredCart(drawn?.cart);
  // The server renders the summary itself; the browser loads it apart.
  const Summary = useContext(ServerOrderSummary) ?? OrderSummary;
  // The fields and their errors change together: a change refused by its condition (a late
  // city match after another letter) clears no error either.
  const [{ fields, errors }, setForm] = useState<CheckoutForm>({
    fields: EMPTY_FIELDS,
    errors: {},
  });
  const setErrors = (found: FieldErrors) => setForm((form) => ({ ...form, errors: found }));
  const [chosenMethod, setMethod] = useState<PaymentMethod>(PAYMENT_METHODS[0]);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<{ message: string; changes: string[] } | null>(null);
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  const attempt = useRef<Attempt["current"]>(null);
  const [signedInAs, setSignedInAs] = useState<string | null>(null);
  // The order remembers the page's language: its mails and slip are written in it.
  const { language } = useI18n();
  const preorder = cart !== null && cartHasPreorder(cart);
  // A cart with a pre-order pays by a method that takes pre-orders (Bank Deposit).
  // The methods that pay for a pre-order, and each method's delivery, from the policy table.
  const paidBy = preorderMethods(methods);
  const method = paidByMethod(chosenMethod, preorder, methods);
  // A cart with books in stock and a pre-order chooses how it is sent: together by default.
  const mixed = cart !== null && isMixedCart(cart);
  const [chosenParcels, setParcels] = useState<ParcelChoice>("together");
  const parcels: ParcelChoice = mixed ? chosenParcels : "together";
  const pricing = useCartPrice(cart, method, parcels, drawn?.price);

  // The form's checks (the order's own schema) load beside the page, ready by the first submit.
  useEffect(() => void orderChecks(), []);
  useEffect(() => void loadSummary().catch(() => {}), []);
  useEffect(() =>
    whenIdle(() => {
      void loadPaymentDialog();
      void loadPlacing().catch(() => {});
    }), []);

  // A signed-in customer starts from their account's address; a guest from an empty form,
  // without loading the session's code.
  useEffect(() => {
    if (!hasSession()) return;
    import("../lib/session.ts").then(({ readSession, callWithSession }) => {
      if (readSession()?.role !== "customer") return;
      return callWithSession(ACCOUNT_PATHS.profile);
    }).then(async (answer) => {
      if (!answer) return;
      const { data } = answer;
      setSignedInAs(data.username);
      // Only a signed-in customer needs it: a guest's first load goes without it.
      const { fieldsFromAccount } = await import("../lib/account_address.ts");
      const prefilled = await fieldsFromAccount(data);
      setForm((form) =>
        JSON.stringify(form.fields) === JSON.stringify(EMPTY_FIELDS)
          ? { ...form, fields: prefilled }
          : form
      );
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

  const change: AddressFieldsProps["onChange"] = (changes, when) =>
    setForm((form) => formAfterChange(form, changes, when));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    void loadPaymentDialog();
    void loadPlacing().catch(() => {});
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
    setSubmitting(true);
    setFailure(null);
    try {
      const placing = await loadPlacing().catch((error) => {
        // Offline before the placing's code came: nothing was sent.
        setFailure({
          message: t("checkout.failed", { reason: failureText(i18n, error) }),
          changes: [],
        });
        return undefined;
      });
      if (!placing) return;
      const order = { fields, cart, method, pricing, preorder, language, holdRules };
      // The order goes with the choice its summary was priced for, never another.
      if (mixed && !(pricing.current && pricing.price?.parcels === parcels)) {
        pricing.reprice();
        setFailure({ message: t("checkout.parcelsRepriced"), changes: [] });
        return;
      }
      try {
        const placedOrder = await placing.placeOrder(order, attempt);
        writeCart([]);
        writeCode(null);
        setPlaced(placedOrder);
      } catch (error) {
        const refusal = await placing.refusalOf(i18n, error, {
          cart,
          refresh,
          reprice: pricing.reprice,
          setCode: pricing.setCode,
        });
        if (refusal.fieldErrors) setErrors(refusal.fieldErrors);
        if (refusal.signedOut) {
          await import("../lib/session.ts").then(({ writeSession }) => writeSession(null))
            .catch(() => {});
          setSignedInAs(null);
        }
        setFailure({ message: refusal.message, changes: refusal.changes });
      }
    } finally {
      setSubmitting(false);
    }
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
          {methodDeliveries(cartWeightGrams(cart), methods, feeRules).map((
            { method: choice, feeCents, surchargeCents },
          ) => (
            <label key={choice}>
              <input
                type="radio"
                name="paymentMethod"
                value={choice}
                checked={method === choice}
                disabled={preorder && !PAYMENT_POLICIES[choice].allowsPreorders}
                onChange={() => setMethod(choice)}
              />{" "}
              {t(PAYMENT_POLICIES[choice].words.checkout)}{" "}
              <span className="method-delivery">
                {surchargeCents > 0
                  ? t("checkout.methodSurcharge", {
                    fee: i18n.lkr(feeCents),
                    extra: i18n.lkr(surchargeCents),
                  })
                  : t("checkout.methodDelivery", { fee: i18n.lkr(feeCents) })}
              </span>
            </label>
          ))}
          {preorder
            ? (
              <p className="hint">
                {t("checkout.preorderMethods", { methods: methodNames(i18n, paidBy) })}
              </p>
            )
            : null}
        </fieldset>
        {mixed
          ? (
            <ParcelsChoice
              chosen={parcels}
              onChoose={setParcels}
              // The shop's fee for the method chosen; the same rule here until it answers.
              splitFeeCents={pricing.price?.payment_method === method &&
                  pricing.price.split_fee !== null
                ? Math.round(pricing.price.split_fee * 100)
                : methodSecondParcelFee(cart, method, feeRules)}
            />
          )
          : null}
      </div>
      <div className="checkout-side">
        <Suspense fallback={<Spinner label={t("cart.loading")} />}>
          <Summary
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
        </Suspense>
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

/**
 * How a cart holding books in stock and a pre-order is sent: together once the pre-order
 * arrives (the default), or what is here now and the rest in a second parcel, its extra
 * delivery fee told beside the choice.
 */
function ParcelsChoice(
  { chosen, onChoose, splitFeeCents }: {
    chosen: ParcelChoice;
    onChoose(choice: ParcelChoice): void;
    splitFeeCents: number;
  },
) {
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <fieldset className="parcels-choice">
      <legend>{t("checkout.parcels")}</legend>
      <label>
        <input
          type="radio"
          name="parcels"
          value="together"
          checked={chosen === "together"}
          onChange={() => onChoose("together")}
        />{" "}
        {t("checkout.parcelsTogether")}
      </label>
      <label>
        <input
          type="radio"
          name="parcels"
          value="split"
          checked={chosen === "split"}
          onChange={() => onChoose("split")}
        />{" "}
        {t("checkout.parcelsSplit")}{" "}
        <span className="method-delivery">
          {t("checkout.parcelsSplitFee", { fee: i18n.lkr(splitFeeCents) })}
        </span>
      </label>
    </fieldset>
  );
}

/** Checkout with nothing in the cart: say so, and lead back to the shops. */
function EmptyCheckout() {
  const { t } = useI18n();
  return <EmptyCart message={t("checkout.empty")} role="status" />;
}
