/**
 * The deposit slip upload of an order's page: one photo or PDF, checked here for size
 * and kind before it is sent (the server checks again, by its bytes).
 */
import { type FormEvent, useState } from "react";
import { errorMessage, postForm } from "../lib/api.ts";

export interface ProofUploadProps {
  orderId: number;
  orderKey: string;
  /** Slips sent so far; at most `max`. */
  sent: number;
  max: number;
}

const MAX_BYTES = 5 * 1024 * 1024;
const ACCEPT = "image/jpeg,image/png,image/webp,application/pdf";

/** Why a chosen file cannot be sent, or undefined when it can. */
export function proofProblem(file: { size: number; type: string } | undefined): string | undefined {
  if (!file) return "Choose a photo or PDF of the deposit slip";
  if (file.size > MAX_BYTES) return "The slip may be at most 5 MB: take a smaller photo";
  if (file.type && !ACCEPT.split(",").includes(file.type)) {
    return "The slip must be a JPEG, PNG or WebP photo or a PDF";
  }
  return undefined;
}

export function ProofUpload({ orderId, orderKey, sent, max }: ProofUploadProps) {
  const [file, setFile] = useState<File | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState(false);
  const [sending, setSending] = useState(false);

  if (sent >= max) {
    return <p className="notice">You have sent {max} slips: we will check them and mail you.</p>;
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = proofProblem(file);
    setError(problem);
    if (problem || !file) return;
    setSending(true);
    try {
      const form = new FormData();
      form.append("proof", file);
      await postForm(
        `/api/orders/${orderId}/payment-proof?key=${encodeURIComponent(orderKey)}`,
        form,
      );
      setDone(true);
      // The page shows the new payment status and timeline.
      globalThis.location.reload();
    } catch (failure) {
      setError(`The slip was not sent: ${errorMessage(failure)}`);
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="proof-upload" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="proof-file">Photo or PDF of the deposit slip (at most 5 MB)</label>
        <input
          id="proof-file"
          name="proof"
          type="file"
          accept={ACCEPT}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "proof-error" : undefined}
          onChange={(e) => {
            setFile(e.currentTarget.files?.[0]);
            setError(undefined);
          }}
        />
      </div>
      {error && <p id="proof-error" className="notice notice-error" role="alert">{error}</p>}
      {done && <p className="notice notice-ok" role="status">Slip received, thank you</p>}
      <button className="button" type="submit" disabled={sending}>
        {sending ? "Sending…" : "Send the deposit slip"}
      </button>
      {sending && (
        <span className="spinner" role="status" aria-label="Sending">
          <span className="spinner-ring" />
        </span>
      )}
    </form>
  );
}
