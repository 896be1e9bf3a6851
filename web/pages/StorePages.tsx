/** The cart, checkout and registration pages: a heading and their island. */
import type { Province } from "../../domain/catalogue/locations.ts";
import type { BankDetails } from "../../domain/shop.ts";
import type { FeeRules } from "../../domain/fulfilment/delivery_fees.ts";
import type { HoldRules } from "../../domain/orders/payment_policy.ts";
import type { PaymentMethod } from "../../domain/orders/model.ts";
import { Island } from "../components/Island.tsx";
import { Cart, type DrawnCart } from "../islands/Cart.tsx";
import { Checkout } from "../islands/Checkout.tsx";
import { Register } from "../islands/Register.tsx";
import { useI18n } from "../i18n/mod.ts";

export function CartPage({ maxPerLine, drawn }: { maxPerLine: number; drawn?: DrawnCart }) {
  const { t } = useI18n();
  return (
    <>
      <h1 className="page-title">{t("cart.title")}</h1>
      <div className="browser-state">
        <Island
          name="Cart"
          component={Cart}
          props={{ maxPerLine, ...(drawn ? { drawn } : {}) }}
          // Drawn from the cart's cookie (http/pages/drawn_cart.ts), or empty without one:
          // React when used.
          when={drawn ? (drawn.cart.length === 0 ? "empty" : "drawn") : undefined}
        />
      </div>
      <noscript>
        <p className="notice">{t("cart.noScript")}</p>
      </noscript>
    </>
  );
}

export function CheckoutPage(
  { provinces, bank, maxPerLine, feeRules, holdRules, methods, drawn }: {
    provinces: Province[];
    bank: BankDetails;
    maxPerLine: number;
    feeRules?: FeeRules;
    holdRules?: HoldRules;
    methods?: PaymentMethod[];
    drawn?: DrawnCart;
  },
) {
  const { t } = useI18n();
  return (
    <>
      <h1 className="page-title">{t("checkout.title")}</h1>
      <div className="browser-state">
        <Island
          name="Checkout"
          component={Checkout}
          props={{
            provinces,
            bank,
            maxPerLine,
            ...(feeRules ? { feeRules } : {}),
            ...(holdRules ? { holdRules } : {}),
            ...(methods ? { methods } : {}),
            ...(drawn ? { drawn } : {}),
          }}
          // Drawn from the cart's cookie: React when used, or at once for a signed-in customer
          // (their account's address fills the form); an empty one has no form to fill.
          when={drawn ? (drawn.cart.length === 0 ? "empty" : "drawn-account") : undefined}
        />
      </div>
      <noscript>
        <p className="notice">{t("checkout.noScript")}</p>
      </noscript>
    </>
  );
}

export function RegisterPage() {
  const { t } = useI18n();
  return (
    <section className="narrow">
      <h1 className="page-title">{t("register.title")}</h1>
      <Island name="Register" component={Register} props={{}} />
    </section>
  );
}
