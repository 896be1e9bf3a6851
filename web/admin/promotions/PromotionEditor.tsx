/**
 * The form of a campaign, an order offer or a discount code, new or existing: the fields
 * its kind has, times in Colombo, the scope picker, the owner's first checks, and the
 * shop's refusals marked on their fields.
 */
import { type FormEvent, useRef, useState } from "react";
import { ApiFailure, messageOf } from "../api.ts";
import { useAdmin } from "../context.ts";
import { Field, focusFirstInvalid, SubmitButton } from "../Field.tsx";
import type { FieldErrors } from "../validation.ts";
import type { WirePromotion } from "../../../contract/promotions.ts";
import {
  bodyOf,
  campaignDraftOf,
  KIND_WORDS,
  type PromotionForm,
  serverFieldErrors,
} from "./promotion_forms.ts";
import { FreeItemsWarning } from "./FreeItemsWarning.tsx";
import { savePromotion } from "./endpoints.ts";
import { ScopePicker } from "./ScopePicker.tsx";
import { GENERATED_CODE_BYTES, generatedCode } from "../../../domain/promotions/generated_code.ts";

/** A code the shop makes up, long enough not to be guessed (drawn again in the rare miss). */
function madeUpCode(): string {
  for (;;) {
    const code = generatedCode(crypto.getRandomValues(new Uint8Array(GENERATED_CODE_BYTES)));
    if (code) return code;
  }
}

const BENEFITS: Record<
  WirePromotion["kind"],
  { value: PromotionForm["benefit"]; label: string }[]
> = {
  campaign: [
    { value: "percent", label: "A percentage off each item" },
    { value: "amount", label: "An LKR amount off each item" },
  ],
  offer: [
    { value: "free_delivery", label: "Free delivery" },
    { value: "amount_off", label: "An LKR amount off the order" },
  ],
  code: [
    { value: "percent", label: "A percentage off" },
    { value: "amount", label: "An LKR amount off the order" },
    { value: "free_delivery", label: "Free delivery" },
  ],
};

export function PromotionEditor(
  { initial, id, onSaved, onCancel }: {
    initial: PromotionForm;
    /** The promotion changed; absent for a new one. */
    id?: number;
    onSaved: (saved: WirePromotion) => void;
    onCancel: () => void;
  },
) {
  const { api } = useAdmin();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const ref = useRef<HTMLFormElement>(null);
  const kind = form.kind;
  const words = KIND_WORDS[kind];
  const prefix = `promotion-${kind}`;
  const set = <K extends keyof PromotionForm>(key: K, value: PromotionForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const { body, errors: found } = bodyOf(form);
    setErrors(found);
    if (!body) {
      focusFirstInvalid(ref.current);
      return;
    }
    setSubmitting(true);
    try {
      onSaved(await savePromotion(api, kind, body, id));
    } catch (error) {
      const fields = error instanceof ApiFailure ? serverFieldErrors(error.details) : {};
      setErrors(fields);
      setFailure(messageOf(error));
      focusFirstInvalid(ref.current);
    } finally {
      setSubmitting(false);
    }
  }

  const heading = id === undefined ? words.new : `Edit ${words.one}`;
  const text = (
    key: "name" | "nameSi" | "nameTa" | "code" | "minimum" | "maxUses" | "maxUsesPerCustomer",
    field: string,
    label: string,
    options: { hint?: string; inputMode?: "decimal" | "numeric"; lang?: string } = {},
  ) => (
    <Field id={`${prefix}-${key}`} label={label} error={errors[field]} hint={options.hint}>
      {(aria) => (
        <input
          {...aria}
          type="text"
          lang={options.lang}
          inputMode={options.inputMode}
          autoComplete="off"
          value={form[key]}
          onChange={(e) => {
            set(key, e.target.value);
            setErrors(({ [field]: _, ...rest }) => rest);
          }}
        />
      )}
    </Field>
  );

  return (
    <section className="panel promotion-editor" aria-labelledby={`${prefix}-heading`}>
      <h3 id={`${prefix}-heading`}>{heading}</h3>
      <form ref={ref} className="grid-form" onSubmit={submit} noValidate>
        {kind === "code"
          ? (
            <>
              {text("code", "code", "Code", {
                hint: "3-32 letters, digits or hyphens; any case. A short or common word is " +
                  "easy to guess: generate a long one for an offer not everyone should find",
              })}
              <button
                type="button"
                className="button-secondary generate-code"
                onClick={() => {
                  set("code", madeUpCode());
                  setErrors(({ code: _, ...rest }) => rest);
                }}
              >
                Generate a code
              </button>
            </>
          )
          : (
            <>
              {text("name", "name", "Name", { hint: "shown to shoppers" })}
              {text("nameSi", "names.si", "Name in Sinhala", { hint: "optional", lang: "si" })}
              {text("nameTa", "names.ta", "Name in Tamil", { hint: "optional", lang: "ta" })}
            </>
          )}
        <Field id={`${prefix}-benefit`} label="Discount" error={errors["benefit.kind"]}>
          {(aria) => (
            <select
              {...aria}
              value={form.benefit}
              onChange={(e) => set("benefit", e.target.value as PromotionForm["benefit"])}
            >
              {BENEFITS[kind].map((b) => <option key={b.value} value={b.value}>{b.label}</option>)}
            </select>
          )}
        </Field>
        {form.benefit === "percent" && (
          <Field id={`${prefix}-percent`} label="Percentage off" error={errors["benefit.percent"]}>
            {(aria) => (
              <input
                {...aria}
                type="text"
                inputMode="decimal"
                value={form.percent}
                placeholder="20"
                onChange={(e) => {
                  set("percent", e.target.value);
                  setErrors(({ "benefit.percent": _, ...rest }) => rest);
                }}
              />
            )}
          </Field>
        )}
        {(form.benefit === "amount" || form.benefit === "amount_off") && (
          <Field id={`${prefix}-amount`} label="Amount off (LKR)" error={errors["benefit.amount"]}>
            {(aria) => (
              <input
                {...aria}
                type="text"
                inputMode="decimal"
                value={form.amount}
                placeholder="250"
                onChange={(e) => {
                  set("amount", e.target.value);
                  setErrors(({ "benefit.amount": _, ...rest }) => rest);
                }}
              />
            )}
          </Field>
        )}
        {kind !== "campaign" &&
          text("minimum", "minimum", "Minimum order (LKR)", {
            inputMode: "decimal",
            hint: "the items' total from which it applies",
          })}
        {kind !== "offer" && (
          <ScopePicker
            id={`${prefix}-scope`}
            scope={form.scope}
            errors={errors}
            onChange={(scope) => {
              setForm((f) => ({ ...f, scope }));
              setErrors((
                { "scope.ids": _, "scope.items": __, "scope.language": ___, ...rest },
              ) => rest);
            }}
          />
        )}
        {kind === "campaign" && <FreeItemsWarning draft={campaignDraftOf(form)} />}
        {(["startsAt", "endsAt"] as const).map((key) => (
          <Field
            key={key}
            id={`${prefix}-${key}`}
            label={key === "startsAt" ? "Starts (Colombo time)" : "Ends (Colombo time)"}
            hint={key === "startsAt" ? "empty: now" : "empty: no end"}
            error={errors[key]}
          >
            {(aria) => (
              <input
                {...aria}
                type="datetime-local"
                value={form[key]}
                onChange={(e) => set(key, e.target.value)}
              />
            )}
          </Field>
        ))}
        {kind === "code" && (
          <>
            {text("maxUses", "maxUses", "Uses in all", {
              inputMode: "numeric",
              hint: "empty: no cap",
            })}
            {text("maxUsesPerCustomer", "maxUsesPerCustomer", "Uses per customer", {
              inputMode: "numeric",
              hint: "by e-mail, phone or account; empty: no cap",
            })}
          </>
        )}
        <label className="checkbox field-wide">
          <input
            type="checkbox"
            checked={form.paused}
            onChange={(e) => set("paused", e.target.checked)}
          />
          Paused (kept, but not given)
        </label>
        {failure && <p role="alert" className="notice notice-failure field-wide">{failure}</p>}
        <div className="form-actions field-wide">
          <SubmitButton submitting={submitting}>
            {id === undefined ? `Add ${words.one}` : "Save changes"}
          </SubmitButton>
          <button type="button" className="button-secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
