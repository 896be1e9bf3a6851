/**
 * The deposit slip upload of an order's page: one photo or PDF, checked here for size
 * and kind before it is sent (the server checks again, by its bytes). What happened is
 * said beside the form, where the shopper is looking: a slip received (named, with what
 * comes next, announced) joins the list of slips sent, and a refused one is named with the
 * reason. The page is not reloaded under the shopper; the deadline above the form goes
 * once a slip has stopped it.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { shopApi } from "../lib/api.ts";
import { ORDER_PATHS } from "../../contract/paths.ts";
import { type MessageKey, useI18n } from "../i18n/mod.ts";
import { failureText } from "../i18n/failures.ts";
import { Sentence } from "../components/Sentence.tsx";

export interface ProofUploadProps {
  orderId: number;
  orderKey: string;
  /** When each slip sent so far arrived (ISO 8601), oldest first; at most `max`. */
  sent: string[];
  max: number;
  /**
   * While the order lapses unless a slip arrives: when (ISO 8601), and what to deposit
   * (in the page's words, as the server wrote it).
   */
  deadline?: { at: string; amount: string };
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

/** A slip sent: when it arrived, and its file's name when it was sent from this page. */
interface SentSlip {
  at: string;
  file?: string;
}

export function ProofUpload({ orderId, orderKey, sent, max, deadline }: ProofUploadProps) {
  const i18n = useI18n();
  const { t, dateTime } = i18n;
  const [file, setFile] = useState<File | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [slips, setSlips] = useState<SentSlip[]>(() => sent.map((at) => ({ at })));
  const [received, setReceived] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const notice = useRef<HTMLDivElement>(null);

  // The notice comes into view where the shopper is looking (a phone shows little else).
  useEffect(() => {
    if (received || error) notice.current?.scrollIntoView?.({ block: "nearest" });
  }, [received, error]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = proofProblem(file);
    setReceived(undefined);
    setError(
      problem &&
        (file ? t("proof.failedFile", { file: file.name, reason: t(problem) }) : t(problem)),
    );
    if (problem || !file) return;
    setSending(true);
    try {
      const form = new FormData();
      form.append("proof", file);
      const { data } = await shopApi.call(ORDER_PATHS.uploadProof, {
        params: { id: orderId },
        query: { key: orderKey },
        form,
      });
      // The shop's own list of slips; the newest is the one just sent.
      const times = data.events.filter((e) => e.kind === "proof_submitted").map((e) => e.at);
      const named = new Map(slips.filter((s) => s.file).map((s) => [s.at, s.file]));
      setSlips(times.map((at, i) => ({
        at,
        file: i === times.length - 1 ? file.name : named.get(at),
      })));
      setReceived(file.name);
      setFile(undefined);
      if (input.current) input.current.value = "";
    } catch (failure) {
      const reason = failureText(i18n, failure, PROOF_FAILURES);
      setError(t("proof.failedFile", { file: file.name, reason }));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="proof-upload">
      {deadline && slips.length === 0
        ? (
          <p className="notice">
            <Sentence
              id="order.depositBefore"
              values={{ amount: deadline.amount, id: orderId }}
              parts={{ deadline: <strong>{dateTime(deadline.at)}</strong> }}
            />
          </p>
        )
        : null}
      {slips.length > 0
        ? (
          <>
            <h3 id="proof-sent-heading">{t("proof.sentList")}</h3>
            <ol className="proof-list" aria-labelledby="proof-sent-heading">
              {slips.map((slip) => (
                <li key={slip.at}>
                  {slip.file ? <strong>{slip.file}</strong> : null}
                  {slip.file ? " · " : ""}
                  {t("proof.sentAt", { time: dateTime(slip.at) })}
                </li>
              ))}
            </ol>
          </>
        )
        : null}
      <div ref={notice} className="proof-notices">
        <div role="status">
          {received
            ? (
              <div className="notice notice-ok">
                <p>
                  <strong>{t("proof.received", { file: received })}</strong>
                </p>
                <p>{t("proof.next")}</p>
              </div>
            )
            : null}
        </div>
        {error
          ? <p id="proof-error" className="notice notice-error" role="alert">{error}</p>
          : null}
      </div>
      {slips.length >= max
        ? <p className="notice">{t("proof.enough", { max })}</p>
        : (
          <form onSubmit={submit} noValidate>
            <div className="field">
              <label htmlFor="proof-file">{t("proof.label")}</label>
              <input
                ref={input}
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
            <button className="button" type="submit" disabled={sending}>
              {sending ? t("form.sending") : t("proof.send")}
            </button>
            {sending && (
              <span className="spinner" role="status" aria-label={t("proof.sendingLabel")}>
                <span className="spinner-ring" />
              </span>
            )}
          </form>
        )}
    </div>
  );
}
