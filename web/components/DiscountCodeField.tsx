/**
 * The discount code of a cart: a field and Apply while there is none, then the shop's answer
 * ("SCHOOL10 applied: you save LKR 200.00", or why not) with a way to remove it. The page's
 * pricing asks the shop; this only says what it answered. It is no form of its own: checkout
 * is one form, and Enter here applies the code rather than placing the order.
 */
import { type KeyboardEvent, useId, useState } from "react";
import type { WireCodeAnswer } from "../../contract/cart_price.ts";
import { useI18n } from "../i18n/mod.ts";
import { codeAnswerText, codeShaped } from "../lib/promo_words.ts";
import { Spinner } from "./Spinner.tsx";

export interface DiscountCodeFieldProps {
  /** The code kept with the cart; null when none. */
  code: string | null;
  /** The shop's answer about `code`; null while it has not answered about it. */
  answer: WireCodeAnswer | null;
  /** The shop is pricing the cart. */
  pricing: boolean;
  /** Seconds until the shop looks at codes from this connection again; null when it does. */
  blockedSeconds: number | null;
  onApply(code: string): void;
  onRemove(): void;
}

export function DiscountCodeField(
  { code, answer, pricing, blockedSeconds, onApply, onRemove }: DiscountCodeFieldProps,
) {
  const i18n = useI18n();
  const { t } = i18n;
  const id = useId();
  const [typed, setTyped] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  const apply = () => {
    if (!codeShaped(typed)) {
      setProblem(t("promo.badFormat"));
      return;
    }
    setProblem(null);
    setTyped("");
    onApply(typed.trim().toUpperCase());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    apply();
  };

  if (code !== null) {
    const said = answer && answer.code === code.toUpperCase() ? answer : null;
    let text: string;
    let tone = "discount-answer";
    if (blockedSeconds !== null) {
      text = t("promo.blocked", { minutes: Math.max(1, Math.ceil(blockedSeconds / 60)) });
      tone += " is-refused";
    } else if (said) {
      text = codeAnswerText(i18n, said);
      tone += said.status === "applied" ? " is-applied" : " is-refused";
    } else {
      text = t("promo.checking", { code });
    }
    return (
      <div className="discount-code">
        <p className={tone} role="status" aria-live="polite">
          {pricing && !said ? <Spinner label={t("promo.pricing")} /> : null}
          <span>{text}</span>
        </p>
        <button type="button" className="link-button" onClick={onRemove}>
          {t("promo.remove")}
          <span className="visually-hidden">: {code}</span>
        </button>
      </div>
    );
  }

  return (
    <div className={problem ? "discount-code has-error" : "discount-code"}>
      <label htmlFor={id}>{t("promo.codeLabel")}</label>
      <div className="discount-code-row">
        <input
          id={id}
          name="discountCode"
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
        <button type="button" className="button" onClick={apply}>{t("promo.apply")}</button>
      </div>
      {problem ? <p id={`${id}-problem`} className="field-error" role="alert">{problem}</p> : null}
    </div>
  );
}
