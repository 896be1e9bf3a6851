/** The shop's policy pages and the not-found page. */
import { Fragment } from "react";
import type { ShopInfo } from "../../domain/shop.ts";
import {
  DEFAULT_HOLD_RULES,
  type HoldRules,
  offeredMethods,
  ONLINE_TERMS_WORDS,
  type OnlineMethod,
} from "../../domain/orders/payment_policy.ts";
import type { PaymentMethod } from "../../domain/orders/model.ts";
import { preorderMethods } from "../../domain/orders/preorder_policy.ts";
import { methodNames } from "../lib/policy_words.ts";
import { type MessageKey, useI18n } from "../i18n/mod.ts";
import { Sentence } from "../components/Sentence.tsx";
import type { WrittenPage } from "./model.ts";
import type { Inline } from "../../domain/pages/owner_page.ts";

/**
 * A page the owner wrote: its blocks as elements (never its text as HTML), the shop's rules
 * it names put in from the policies in the page's language.
 */
export function WrittenPageView({ page }: { page: WrittenPage }) {
  const { t } = useI18n();
  const { methods, holdRules } = page.policies;
  const policyText = (policy: string) =>
    policy === "payment_methods"
      // The methods' own message keys (PAYMENT_POLICIES' words), which every catalogue holds.
      ? methods.map((key) => t(key as MessageKey)).join(", ")
      : policy === "holds"
      ? t("terms.bankDeposit", { hours: holdRules.bankDepositHours })
      : t("terms.delivery");
  const line = (parts: Inline[]) =>
    parts.map((part, i) =>
      part.kind === "text"
        ? <span key={i}>{part.text}</span>
        : part.kind === "link"
        ? <a key={i} href={part.href}>{part.text}</a>
        : <span key={i} className="shop-rule">{policyText(part.policy)}</span>
    );
  return (
    <article className="info-page prose owner-page">
      <h1 className="page-title">{page.title}</h1>
      {page.blocks.map((block, i) =>
        block.kind === "heading"
          ? <h2 key={i}>{line(block.parts)}</h2>
          : block.kind === "paragraph"
          ? <p key={i}>{line(block.parts)}</p>
          : <ul key={i}>{block.items.map((item, j) => <li key={j}>{line(item)}</li>)}</ul>
      )}
    </article>
  );
}

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

/** The shop's e-mail address as a link, for the policies' contact lines. */
function MailLink({ shop }: { shop: ShopInfo }) {
  return <a href={`mailto:${shop.email}`}>{shop.email}</a>;
}

export function PrivacyPage({ shop }: { shop: ShopInfo }) {
  const { t } = useI18n();
  return (
    <article className="info-page prose">
      <h1 className="page-title">{t("privacy.title")}</h1>
      <p>{t("privacy.intro", { shop: shop.name })}</p>
      <h2>{t("privacy.collectTitle")}</h2>
      <p>{t("privacy.collect")}</p>
      <h2>{t("privacy.useTitle")}</h2>
      <p>{t("privacy.use")}</p>
      <h2>{t("privacy.keepTitle")}</h2>
      <p>{t("privacy.keep")}</p>
      <h2>{t("footer.contact")}</h2>
      <p>
        <Sentence
          id="privacy.contact"
          values={{ phone: shop.phones[0] }}
          parts={{ email: <MailLink shop={shop} /> }}
        />
      </p>
    </article>
  );
}

export function TermsPage(
  { shop, holdRules = DEFAULT_HOLD_RULES, methods }: {
    shop: ShopInfo;
    holdRules?: HoldRules;
    /**
     * The methods the shop offers (each paid online says how, from its policy's words); when
     * absent, those that need no provider.
     */
    methods?: PaymentMethod[];
  },
) {
  const i18n = useI18n();
  const { t } = i18n;
  const offered = methods ?? offeredMethods([]);
  const minutes = Math.max(1, Math.round(holdRules.cardPaymentHours * 60));
  return (
    <article className="info-page prose">
      <h1 className="page-title">{t("terms.title")}</h1>
      <p>{t("terms.intro", { shop: shop.name })}</p>
      <h2>{t("terms.pricesTitle")}</h2>
      <p>
        {t("terms.prices", {
          methods: methodNames(i18n, offered),
          preorderMethods: methodNames(i18n, preorderMethods(offered)),
        })}
      </p>
      <h2>{t("terms.bankDepositTitle")}</h2>
      <p>{t("terms.bankDeposit", { hours: holdRules.bankDepositHours })}</p>
      {offered.map((method) => {
        const words = method in ONLINE_TERMS_WORDS
          ? ONLINE_TERMS_WORDS[method as OnlineMethod]
          : undefined;
        return words && (
          <Fragment key={method}>
            <h2>{t(words.title)}</h2>
            <p>{t(words.text, { minutes })}</p>
          </Fragment>
        );
      })}
      <h2>{t("terms.deliveryTitle")}</h2>
      <p>{t("terms.delivery")}</p>
      <h2>{t("terms.stockTitle")}</h2>
      <p>{t("terms.stock")}</p>
      <h2>{t("terms.returnsTitle")}</h2>
      <p>{t("terms.returns")}</p>
      <h2>{t("terms.questionsTitle")}</h2>
      <p>
        <Sentence
          id="terms.questions"
          values={{ phone1: shop.phones[0], phone2: shop.phones[1] }}
          parts={{ email: <MailLink shop={shop} /> }}
        />
      </p>
    </article>
  );
}

/** A page that failed to render: a short apology and the ways back. */
export function ErrorPage() {
  const { t, href } = useI18n();
  return (
    <section className="info-page not-found">
      <h1 className="page-title">{t("error.title")}</h1>
      <p>{t("error.text")}</p>
      <p>
        <a href={href("/")} className="button">{t("cart.browse")}</a>
      </p>
    </section>
  );
}
