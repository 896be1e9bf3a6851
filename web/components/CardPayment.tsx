/**
 * The button that takes a card order's customer to the gateway: a plain form posting the
 * fields the shop signed (http/routes/payments.ts) to the gateway's checkout, which works
 * without script. The gateway sends the customer back to the order's page, whose payment
 * status comes from the shop, never from the address the gateway returns to.
 *
 * Right after Place Order (`go`), the form is sent at once: the shopper goes straight to the
 * gateway, and the button stays for a browser that did not follow.
 */
import { useEffect, useRef } from "react";
import type { GatewayForm } from "../../domain/payments/gateway.ts";
import type { PaymentMethod } from "../../domain/orders/model.ts";
import { PAYMENT_POLICIES } from "../../domain/orders/payment_policy.ts";
import { useI18n } from "../i18n/mod.ts";

export function CardPayment(
  { form, amountCents, method, go = false }: {
    form: GatewayForm;
    amountCents: number;
    /** The order's method: its provider's words (PAYMENT_POLICIES' `online`). */
    method: PaymentMethod;
    go?: boolean;
  },
) {
  const { t, lkr } = useI18n();
  const words = onlineWords(method);
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (go) ref.current?.submit();
  }, [go]);
  return (
    <form ref={ref} method="post" action={form.action} className="card-payment">
      {Object.entries(form.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {go ? <p className="notice" role="status">{t(words.going)}</p> : null}
      <button type="submit" className="button">
        {t(words.pay, { amount: lkr(amountCents) })}
      </button>
      <p className="hint">{t(words.through)}</p>
    </form>
  );
}

/**
 * The words of paying online for `method`; a method paid offline has none, and its orders
 * never carry a provider's form, so Card's stand in.
 */
export function onlineWords(method: PaymentMethod) {
  return PAYMENT_POLICIES[method].words.online ?? PAYMENT_POLICIES.Card.words.online;
}
