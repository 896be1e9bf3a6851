/**
 * An order's refunds on its admin page: what was paid, refunded and left, each refund with
 * its state (a failed one with the provider's answer and a Retry), and, for the owner, the
 * Refund dialog: an amount, a reason the customer reads, and a reference for a refund made
 * by hand (Bank Deposit, COD). The server decides and refuses; the dialog says why.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { messageOf } from "../api.ts";
import { useAdmin } from "../context.ts";
import { getOrderRefunds, refundOrder, retryOrderRefund } from "../endpoints.ts";
import { Spinner } from "../Feedback.tsx";
import { formatDateTime, formatLkr } from "../format.ts";
import type { WireRefunds } from "../../../contract/refunds.ts";

const STATE_LABELS = {
  none: "Not refunded",
  partly_refunded: "Partly refunded",
  refunded: "Refunded",
} as const;

const REFUND_STATUS_LABELS = {
  pending: "Under way",
  succeeded: "Refunded",
  failed: "Failed",
} as const;

function rupeesToCents(rupees: number): number {
  return Math.round(rupees * 100);
}

/** The order's refunds; `changed` after one is made, so the page reads the order again. */
export function Refunds(
  { orderId, refreshKey, changed }: { orderId: number; refreshKey: string; changed(): void },
) {
  const { api, may } = useAdmin();
  const [refunds, setRefunds] = useState<WireRefunds | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [reference, setReference] = useState("");
  const key = useRef(crypto.randomUUID());
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    let live = true;
    getOrderRefunds(api, orderId).then(
      (found) => live && setRefunds(found),
      (failure) => live && setLoadError(messageOf(failure)),
    );
    return () => {
      live = false;
    };
  }, [api, orderId, refreshKey]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  if (loadError) {
    return <p role="alert" className="notice notice-failure">Refunds: {loadError}</p>;
  }
  if (!refunds) return null;
  const manual = refunds.channel === "manual";
  const mayRefund = may("refunds") && refunds.channel !== null;

  const start = () => {
    key.current = crypto.randomUUID();
    setAmount(refunds.left.toFixed(2));
    setReason("");
    setReference("");
    setError(null);
    setDone(null);
    setOpen(true);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const rupees = Number(amount);
    if (!/^\d+(\.\d{1,2})?$/.test(amount.trim()) || !(rupees > 0)) {
      setError("The amount must be above 0, with at most 2 decimals");
      return;
    }
    if (rupeesToCents(rupees) > rupeesToCents(refunds.left)) {
      setError(
        `The amount is above what is left to refund (${formatLkr(rupeesToCents(refunds.left))})`,
      );
      return;
    }
    if (!reason.trim()) {
      setError("A reason is required: the customer reads it");
      return;
    }
    if (manual && !reference.trim()) {
      setError("A reference is required for a refund made by hand");
      return;
    }
    setBusy("refund");
    setError(null);
    try {
      const next = await refundOrder(api, orderId, {
        amount: rupees,
        reason: reason.trim(),
        ...(manual ? { reference: reference.trim() } : {}),
      }, key.current);
      setRefunds(next);
      setOpen(false);
      setDone(`Refunded ${formatLkr(rupeesToCents(rupees))}; the customer is mailed and texted`);
      changed();
    } catch (failure) {
      setError(messageOf(failure));
      // A failed refund is kept: show it with its Retry.
      getOrderRefunds(api, orderId).then(setRefunds, () => {});
    } finally {
      setBusy(null);
    }
  };

  const retry = async (refundId: number) => {
    setBusy(`retry-${refundId}`);
    setError(null);
    setDone(null);
    try {
      setRefunds(await retryOrderRefund(api, orderId, refundId));
      setDone("Refunded on retry; the customer is mailed and texted");
      changed();
    } catch (failure) {
      setError(`The retry did not go through: ${messageOf(failure)}`);
      getOrderRefunds(api, orderId).then(setRefunds, () => {});
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="order-refunds" className="order-refunds">
      <h3 id="order-refunds">Refunds</h3>
      <dl className="order-refund-sums">
        <dt>State</dt>
        <dd>
          <strong>{STATE_LABELS[refunds.state]}</strong>
        </dd>
        <dt>Paid</dt>
        <dd className="money">{formatLkr(rupeesToCents(refunds.paid))}</dd>
        <dt>Refunded</dt>
        <dd className="money">{formatLkr(rupeesToCents(refunds.refunded))}</dd>
        <dt>Left to refund</dt>
        <dd className="money">{formatLkr(rupeesToCents(refunds.left))}</dd>
      </dl>
      {done && <p role="status" className="notice notice-success">{done}</p>}
      {error && !open && <p role="alert" className="notice notice-failure">{error}</p>}
      {refunds.refunds.length > 0 && (
        <ol className="order-refund-list">
          {refunds.refunds.map((refund) => (
            <li key={refund.id}>
              <time dateTime={refund.createdAt}>{formatDateTime(refund.createdAt)}</time>{" "}
              <span className="money">{formatLkr(rupeesToCents(refund.amount))}</span>{" "}
              <strong>{REFUND_STATUS_LABELS[refund.status]}</strong>
              {refund.reference && <>{" · "}ref {refund.reference}</>}
              {" · "}
              {refund.reason}
              {refund.status === "failed" && (
                <>
                  <p className="order-note">{refund.answer}</p>
                  {may("refunds") && (
                    <button
                      type="button"
                      className="button-secondary"
                      disabled={busy !== null}
                      onClick={() => retry(refund.id)}
                    >
                      {busy === `retry-${refund.id}` ? <Spinner label="Retrying" /> : null}
                      Retry refund
                    </button>
                  )}
                </>
              )}
            </li>
          ))}
        </ol>
      )}
      {mayRefund && (
        <div className="order-actions">
          <button
            type="button"
            className="button-secondary"
            disabled={busy !== null}
            onClick={start}
          >
            Refund…
          </button>
        </div>
      )}
      <dialog
        ref={dialog}
        className="confirm-dialog"
        aria-labelledby="refund-title"
        onClose={() => setOpen(false)}
      >
        {open && (
          <form onSubmit={submit} noValidate>
            <h2 id="refund-title">Refund order #{orderId}</h2>
            <p>
              {manual
                ? "Give the money back yourself (a transfer, cash), then record it here with its reference."
                : "The refund goes back to the customer's card through the payment provider."}{" "}
              The customer is mailed and texted the reason, in their language.
            </p>
            <div className="field">
              <label htmlFor="refund-amount">Amount (LKR), at most {refunds.left.toFixed(2)}</label>
              <input
                id="refund-amount"
                inputMode="decimal"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                autoComplete="off"
              />
            </div>
            <div className="field">
              <label htmlFor="refund-reason">Reason, told to the customer</label>
              <input
                id="refund-reason"
                value={reason}
                maxLength={500}
                onChange={(e) => setReason(e.target.value)}
                autoComplete="off"
              />
            </div>
            {manual && (
              <div className="field">
                <label htmlFor="refund-reference">Reference (transfer or receipt number)</label>
                <input
                  id="refund-reference"
                  value={reference}
                  maxLength={100}
                  onChange={(e) => setReference(e.target.value)}
                  autoComplete="off"
                />
              </div>
            )}
            {error && <p role="alert" className="notice notice-failure">{error}</p>}
            <div className="dialog-actions">
              <button
                type="button"
                className="button-secondary"
                onClick={() => setOpen(false)}
                disabled={busy === "refund"}
              >
                Cancel
              </button>
              <button type="submit" className="button-danger" disabled={busy === "refund"}>
                {busy === "refund" ? <Spinner label="Refunding" /> : null}
                Refund
              </button>
            </div>
          </form>
        )}
      </dialog>
    </section>
  );
}
