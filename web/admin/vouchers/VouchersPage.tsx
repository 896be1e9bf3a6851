/**
 * The owner's Gift vouchers page (/admin/vouchers): issue a voucher (its amount in LKR, its
 * last day, and a recipient mailed its code in their language, or none: it is printed), see
 * its whole code once with a card to print, and every voucher with its balance, state and
 * ledger (issued, spent on orders, given back by cancelled ones). A voucher is a tender, not
 * a discount: what it pays shows on an order's breakdown under "Gift vouchers".
 */
import { type FormEvent, useState } from "react";
import { type Locale, SHOP_LANGUAGES } from "../../../domain/i18n/language.ts";
import { VOUCHER_PATHS } from "../../../contract/paths.ts";
import type { WireIssuedVoucher, WireVoucher } from "../../../contract/vouchers.ts";
import { ApiFailure, messageOf } from "../api.ts";
import { useAdmin } from "../context.ts";
import { Loading, Notice } from "../Feedback.tsx";
import { Field, focusFirstInvalid, SubmitButton } from "../Field.tsx";
import { formatDateTime, formatRupees } from "../format.ts";
import { useLoad, useNotice } from "../hooks.ts";
import { type FieldErrors, isCalendarDate, parsePrice } from "../validation.ts";
import "./vouchers.css";

const STATE_WORDS: Record<WireVoucher["state"], string> = {
  usable: "Usable",
  expired: "Expired",
  used_up: "Used up",
};

/** The recipient's language, named in English as the admin area is. */
const LANGUAGE_WORDS: Record<Locale, string> = { en: "English", si: "Sinhala", ta: "Tamil" };

const MOVE_WORDS = {
  issued: "Issued",
  spent: "Spent on order",
  returned: "Given back by order",
} as const;

export function VouchersPage() {
  const { api } = useAdmin();
  const [list, reload] = useLoad(async () => (await api.call(VOUCHER_PATHS.list)).data, [api]);
  const [issued, setIssued] = useState<WireIssuedVoucher | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const { notice, success, clear } = useNotice();

  return (
    <div className="vouchers-page">
      <h2 className="page-title">Gift vouchers</h2>
      <IssueForm
        onIssued={(voucher) => {
          setIssued(voucher);
          success(
            voucher.voucher.recipient
              ? `Voucher issued and mailed to ${voucher.voucher.recipient.email}`
              : "Voucher issued: print it or copy its code now",
          );
          reload();
        }}
      />
      {issued && <IssuedCard issued={issued} onDone={() => setIssued(null)} />}
      <section className="panel" aria-labelledby="voucher-list-heading">
        <h2 id="voucher-list-heading">Vouchers</h2>
        <p className="panel-hint">
          A code shows by its last four symbols. A voucher pays part or all of an order at checkout;
          a cancelled order gives back what it paid. Reports count vouchers apart from takings.
        </p>
        {list.state === "loading" && !list.data && <Loading />}
        {list.state === "error" && (
          <p role="alert" className="notice notice-failure">Error fetching data: {list.message}</p>
        )}
        {list.data && list.data.length === 0 && <p>No vouchers yet.</p>}
        {list.data && list.data.length > 0 && (
          <div className="table-scroll" role="region" aria-label="Vouchers" tabIndex={0}>
            <table className="data-table vouchers-table">
              <thead>
                <tr>
                  <th scope="col">Code</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Balance</th>
                  <th scope="col">Last day</th>
                  <th scope="col">State</th>
                  <th scope="col">Recipient</th>
                  <th scope="col">Issued</th>
                  <th scope="col">Ledger</th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((voucher) => (
                  <VoucherRow
                    key={voucher.id}
                    voucher={voucher}
                    open={open === voucher.id}
                    onToggle={() => setOpen(open === voucher.id ? null : voucher.id)}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <Notice notice={notice} onDismiss={clear} floating />
    </div>
  );
}

function VoucherRow(
  { voucher, open, onToggle }: { voucher: WireVoucher; open: boolean; onToggle: () => void },
) {
  return (
    <>
      <tr>
        <td data-label="Code">
          <code>{voucher.code}</code>
        </td>
        <td data-label="Amount">{formatRupees(voucher.amount)}</td>
        <td data-label="Balance">{formatRupees(voucher.balance)}</td>
        <td data-label="Last day">{voucher.expires_on}</td>
        <td data-label="State">{STATE_WORDS[voucher.state]}</td>
        <td data-label="Recipient">
          {voucher.recipient ? `${voucher.recipient.name} <${voucher.recipient.email}>` : "Printed"}
        </td>
        <td data-label="Issued">{formatDateTime(voucher.issued_at)}</td>
        <td data-label="Ledger">
          <button
            type="button"
            className="button-secondary"
            aria-expanded={open}
            onClick={onToggle}
          >
            {open ? "Hide" : "Show"}
            <span className="visually-hidden">the ledger of {voucher.code}</span>
          </button>
        </td>
      </tr>
      {open && (
        <tr className="voucher-ledger-row">
          <td colSpan={8}>
            <Ledger id={voucher.id} />
          </td>
        </tr>
      )}
    </>
  );
}

function Ledger({ id }: { id: number }) {
  const { api } = useAdmin();
  const [one] = useLoad(
    async () => (await api.call(VOUCHER_PATHS.one, { params: { id } })).data,
    [api, id],
  );
  if (one.state === "error") {
    return <p role="alert" className="notice notice-failure">{one.message}</p>;
  }
  if (!one.data) return <Loading />;
  return (
    <table className="voucher-ledger" aria-label={`Ledger of ${one.data.code}`}>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Move</th>
          <th scope="col">Order</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody>
        {one.data.ledger.map((row, i) => (
          <tr key={i}>
            <td>{formatDateTime(row.at)}</td>
            <td>{MOVE_WORDS[row.move]}</td>
            <td>
              {row.order_id === null ? "" : (
                <a href={`/admin/orders/${row.order_id}`}>
                  #{row.order_id}
                </a>
              )}
            </td>
            <td>{formatRupees(row.move === "spent" ? -row.amount : row.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The voucher just issued: its whole code (shown this once) on a card to print. */
function IssuedCard({ issued, onDone }: { issued: WireIssuedVoucher; onDone: () => void }) {
  return (
    <section className="panel voucher-issued" aria-labelledby="voucher-issued-heading">
      <h2 id="voucher-issued-heading">Voucher issued</h2>
      <p className="panel-hint">
        Its whole code shows only now: print the card or copy the code before you leave this page.
      </p>
      <div className="voucher-card" data-testid="voucher-card">
        <p className="voucher-card-title">Pothgula gift voucher</p>
        <p className="voucher-card-amount">{formatRupees(issued.voucher.amount)}</p>
        <p className="voucher-card-code">
          <code>{issued.code}</code>
        </p>
        <p>Use it at checkout until the end of {issued.voucher.expires_on}.</p>
        {issued.voucher.recipient && <p>For {issued.voucher.recipient.name}</p>}
      </div>
      <div className="row-actions">
        <button type="button" className="button-primary" onClick={() => globalThis.print()}>
          Print the card
        </button>
        <button type="button" className="button-secondary" onClick={onDone}>
          Done
        </button>
      </div>
    </section>
  );
}

/** The form's fields named as the API names them, so a 400 shows beside its field. */
const FORM_FIELDS = [
  "amount",
  "expiresOn",
  "recipient.name",
  "recipient.email",
  "recipient.language",
  "message",
] as const;

function serverErrors(details: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!Array.isArray(details)) return errors;
  for (const entry of details as { field?: unknown; message?: unknown }[]) {
    const field = FORM_FIELDS.find((name) => name === entry?.field);
    if (field && typeof entry.message === "string" && !(field in errors)) {
      errors[field] = entry.message;
    }
  }
  return errors;
}

function IssueForm({ onIssued }: { onIssued: (voucher: WireIssuedVoucher) => void }) {
  const { api } = useAdmin();
  const [amount, setAmount] = useState("");
  const [expiresOn, setExpiresOn] = useState("");
  const [mailed, setMailed] = useState(false);
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [language, setLanguage] = useState<Locale>("en");
  const [message, setMessage] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const found: FieldErrors = {};
    const price = parsePrice(amount, "Amount");
    if (!price.ok) found.amount = price.message;
    else if (price.value <= 0) found.amount = "Amount must be above 0";
    if (!isCalendarDate(expiresOn.trim())) found.expiresOn = "Last day must be a date, YYYY-MM-DD";
    if (mailed && name.trim() === "") found["recipient.name"] = "Name is required";
    if (mailed && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      found["recipient.email"] = "Enter the recipient's e-mail address";
    }
    setErrors(found);
    setFailure(undefined);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(form);
      return;
    }
    setBusy(true);
    try {
      const answer = await api.call(VOUCHER_PATHS.issue, {
        json: {
          amount: price.ok ? price.value : 0,
          expiresOn: expiresOn.trim(),
          recipient: mailed ? { name: name.trim(), email: email.trim(), language } : null,
          message: mailed && message.trim() !== "" ? message.trim() : null,
        },
      });
      setAmount("");
      setName("");
      setEmail("");
      setMessage("");
      onIssued(answer.data);
    } catch (error) {
      const fields = error instanceof ApiFailure ? serverErrors(error.details) : {};
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(messageOf(error));
      else focusFirstInvalid(form);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="panel" aria-labelledby="voucher-issue-heading">
      <h2 id="voucher-issue-heading">Issue a voucher</h2>
      <form className="voucher-form" onSubmit={submit} noValidate>
        <Field id="voucher-amount" label="Amount (LKR)" error={errors.amount}>
          {(aria) => (
            <input
              {...aria}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
            />
          )}
        </Field>
        <Field id="voucher-expires" label="Last day" error={errors.expiresOn}>
          {(aria) => (
            <input
              {...aria}
              type="date"
              value={expiresOn}
              onChange={(e) => setExpiresOn(e.currentTarget.value)}
            />
          )}
        </Field>
        <label className="voucher-mailed">
          <input
            type="checkbox"
            checked={mailed}
            onChange={(e) => setMailed(e.currentTarget.checked)}
          />{" "}
          Mail it to a recipient
        </label>
        {mailed && (
          <>
            <Field id="voucher-name" label="Recipient's name" error={errors["recipient.name"]}>
              {(aria) => (
                <input
                  {...aria}
                  value={name}
                  onChange={(e) => setName(e.currentTarget.value)}
                />
              )}
            </Field>
            <Field id="voucher-email" label="Recipient's e-mail" error={errors["recipient.email"]}>
              {(aria) => (
                <input
                  {...aria}
                  type="email"
                  autoComplete="off"
                  value={email}
                  onChange={(e) => setEmail(e.currentTarget.value)}
                />
              )}
            </Field>
            <Field
              id="voucher-language"
              label="Their language"
              error={errors["recipient.language"]}
            >
              {(aria) => (
                <select
                  {...aria}
                  value={language}
                  onChange={(e) => setLanguage(e.currentTarget.value as Locale)}
                >
                  {SHOP_LANGUAGES.map((l) => (
                    <option key={l} value={l}>{LANGUAGE_WORDS[l]}</option>
                  ))}
                </select>
              )}
            </Field>
            <Field id="voucher-message" label="A few words" hint="optional" error={errors.message}>
              {(aria) => (
                <textarea
                  {...aria}
                  rows={2}
                  maxLength={500}
                  value={message}
                  onChange={(e) => setMessage(e.currentTarget.value)}
                />
              )}
            </Field>
          </>
        )}
        {failure && <p role="alert" className="notice notice-failure">{failure}</p>}
        <SubmitButton submitting={busy}>Issue voucher</SubmitButton>
      </form>
    </section>
  );
}
