/** The shop's policy pages and the not-found page. */
import type { ShopInfo } from "../../domain/shop.ts";
import { useI18n } from "../i18n/mod.ts";

export function NotFoundPage() {
  const { t, href } = useI18n();
  return (
    <section className="info-page not-found">
      <h1 className="page-title">{t("notFound.title")}</h1>
      <p>{t("notFound.text")}</p>
      <p>
        <a href={href("/")} className="button">{t("cart.browse")}</a>{" "}
        <a href={href("/stationery")} className="button button-ghost">
          {t("shell.stationeryStore")}
        </a>
      </p>
    </section>
  );
}

export function PrivacyPage({ shop }: { shop: ShopInfo }) {
  return (
    <article className="info-page prose">
      <h1 className="page-title">Privacy Policy</h1>
      <p>
        This policy explains what {shop.name}{" "}
        collects when you shop with us, why, and what you can ask of us.
      </p>
      <h2>What we collect</h2>
      <p>
        When you place an order we keep your name, e-mail address, phone number and delivery
        address, and the items you bought. Your cart stays in your own browser until you order. We
        do not collect card details: you pay cash on delivery or by bank deposit.
      </p>
      <h2>Why we use it</h2>
      <p>
        We use these details only to deliver your order, to send you e-mails about it (the order
        confirmation and the hand-over to delivery), and to answer your questions. We share your
        name, phone number and address with the courier who delivers the parcel, and with no one
        else. We never sell your data.
      </p>
      <h2>How long we keep it</h2>
      <p>
        Order records are kept for as long as the law requires us to keep sales records. You may ask
        us at any time for a copy of what we hold about you, or to correct it.
      </p>
      <h2>Contact</h2>
      <p>
        Write to <a href={`mailto:${shop.email}`}>{shop.email}</a> or call {shop.phones[0]}.
      </p>
    </article>
  );
}

export function TermsPage({ shop }: { shop: ShopInfo }) {
  return (
    <article className="info-page prose">
      <h1 className="page-title">Terms &amp; Conditions</h1>
      <p>These terms apply to every order placed with {shop.name}.</p>
      <h2>Prices and payment</h2>
      <p>
        Prices are in Sri Lankan rupees (LKR) and include taxes. The delivery fee depends on the
        weight of the parcel and the payment method, and is shown before you place the order. You
        may pay cash on delivery (COD) or by bank deposit; pre-orders are taken on bank deposit
        only.
      </p>
      <h2>Delivery</h2>
      <p>
        Orders are delivered in 3 - 5 working days anywhere in Sri Lanka. Pre-ordered books are
        delivered in 3 - 4 weeks, once they reach us from the publisher.
      </p>
      <h2>Stock</h2>
      <p>
        We check stock when you place your order. If an item sells out before then, we tell you at
        checkout and nothing is charged for it.
      </p>
      <h2>Returns</h2>
      <p>
        If a book or item reaches you damaged or is not what you ordered, contact us within 7 days
        of delivery and we will replace it or refund it.
      </p>
      <h2>Questions</h2>
      <p>
        Write to <a href={`mailto:${shop.email}`}>{shop.email}</a> or call {shop.phones[0]} or{" "}
        {shop.phones[1]}.
      </p>
    </article>
  );
}
