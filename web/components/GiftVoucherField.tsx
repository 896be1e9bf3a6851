/**
 * The checkout's gift voucher: a field and Use while there is none, then the shop's answer
 * (what it pays of this order and its balance, or why it cannot pay) with a way to remove it.
 * A voucher is a tender, not a discount: what it pays shows in the totals under "Gift
 * vouchers", below the order total, and the rest is paid by the method chosen. Like the
 * discount code's field, it is no form of its own: Enter here uses the voucher.
 */
import { type KeyboardEvent, useId, useState } from "react";
import type { WireVoucherAnswer } from "../../contract/vouchers.ts";
import { useI18n } from "../i18n/mod.ts";
import { voucherAnswerText, voucherShaped } from "../lib/voucher_words.ts";
import { Spinner } from "./Spinner.tsx";

export interface GiftVoucherFieldProps {
  /** The voucher typed; null when none. */
  voucher: string | null;
  /** The shop's answer about `voucher`; null while it has not answered about it. */
  answer: WireVoucherAnswer | null;
  /** The shop is pricing the cart. */
  pricing: boolean;
  /** Seconds until the shop looks at voucher codes from this connection again. */
  blockedSeconds: number | null;
  onApply(voucher: string): void;
  onRemove(): void;
}

export function GiftVoucherField(
  { voucher, answer, pricing, blockedSeconds, onApply, onRemove }: GiftVoucherFieldProps,
) {
  const i18n = useI18n();
  const { t } = i18n;
  const id = useId();
  const [typed, setTyped] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  const apply = () => {
    if (!voucherShaped(typed)) {
      setProblem(t("voucher.badFormat"));
      return;
    }
    setProblem(null);
    setTyped("");
    onApply(typed.trim());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    apply();
  };

  if (voucher !== null) {
    let text: string;
    let tone = "discount-answer";
    if (blockedSeconds !== null) {
      text = t("voucher.blocked", { minutes: Math.max(1, Math.ceil(blockedSeconds / 60)) });
      tone += " is-refused";
    } else if (answer && !pricing) {
      text = voucherAnswerText(i18n, answer);
      tone += answer.status === "applied" ? " is-applied" : " is-refused";
    } else {
      text = t("voucher.checking");
    }
    return (
      <div className="discount-code gift-voucher">
        <p className={tone} role="status" aria-live="polite">
          {pricing ? <Spinner label={t("promo.pricing")} /> : null}
          <span>{text}</span>
        </p>
        <button type="button" className="link-button" onClick={onRemove}>
          {t("voucher.remove")}
        </button>
      </div>
    );
  }

  return (
    <div
      className={problem ? "discount-code gift-voucher has-error" : "discount-code gift-voucher"}
    >
      <label htmlFor={id}>{t("voucher.codeLabel")}</label>
      <div className="discount-code-row">
        <input
          id={id}
          name="giftVoucher"
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
        <button type="button" className="button" onClick={apply}>{t("voucher.apply")}</button>
      </div>
      {problem ? <p id={`${id}-problem`} className="field-error" role="alert">{problem}</p> : null}
    </div>
  );
}
