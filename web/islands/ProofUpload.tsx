/**
 * The deposit slip upload of an order's page: one photo or PDF, checked here for size
 * and kind before it is sent (the server checks again, by its bytes).
 */
import { type FormEvent, useState } from "react";
import { shopApi } from "../lib/api.ts";
import { ORDER_PATHS } from "../../contract/paths.ts";
import { type MessageKey, useI18n } from "../i18n/mod.ts";
import { failureText } from "../i18n/failures.ts";

export interface ProofUploadProps {
  orderId: number;
  orderKey: string;
  /** Slips sent so far; at most `max`. */
  sent: number;
  max: number;
}

const MAX_BYTES = 5 * 1024 * 1024;
const ACCEPT = "image/jpeg,image/png,image/webp,application/pdf";

/** Why a chosen file cannot be sent (the key of its words), or undefined when it can. */
export function proofProblem(
  file: { size: number; type: string } | undefined,
): MessageKey | undefined {
  if (!file) return "proof.choose";
  if (file.size > MAX_BYTES) return "proof.tooBig";
  if (file.type && !ACCEPT.split(",").includes(file.type)) return "proof.wrongType";
  return undefined;
}

/** The server's refusals of a slip that the form words as its own checks do. */
const PROOF_FAILURES: Partial<Record<string, MessageKey>> = {
  PAYLOAD_TOO_LARGE: "proof.tooBig",
  UNSUPPORTED_MEDIA_TYPE: "proof.wrongType",
};

export function ProofUpload({ orderId, orderKey, sent, max }: ProofUploadProps) {
  const i18n = useI18n();
  const { t } = i18n;
  const [file, setFile] = useState<File | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState(false);
  const [sending, setSending] = useState(false);

  if (sent >= max) {
    return <p className="notice">{t("proof.enough", { max })}</p>;
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = proofProblem(file);
    setError(problem && t(problem));
    if (problem || !file) return;
    setSending(true);
    try {
      const form = new FormData();
      form.append("proof", file);
      await shopApi.call(ORDER_PATHS.uploadProof, {
        params: { id: orderId },
        query: { key: orderKey },
        form,
      });
      setDone(true);
      // The page shows the new payment status and timeline.
      globalThis.location.reload();
    } catch (failure) {
      setError(t("proof.failed", { reason: failureText(i18n, failure, PROOF_FAILURES) }));
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="proof-upload" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="proof-file">{t("proof.label")}</label>
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
      {done && <p className="notice notice-ok" role="status">{t("proof.received")}</p>}
      <button className="button" type="submit" disabled={sending}>
        {sending ? t("form.sending") : t("proof.send")}
      </button>
      {sending && (
        <span className="spinner" role="status" aria-label={t("proof.sendingLabel")}>
          <span className="spinner-ring" />
        </span>
      )}
    </form>
  );
}
