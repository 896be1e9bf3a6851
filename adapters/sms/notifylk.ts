/**
 * Sends texts through Notify.lk, a Sri Lankan SMS gateway, by its send endpoint.
 *
 * What this follows, from Notify.lk's own documentation:
 * - https://developer.notify.lk/api-endpoints/ (repository notifylk/documentation,
 *   api-endpoints/README.md): `https://app.notify.lk/api/v1/send`, GET or POST, with
 *   `user_id`, `api_key`, `sender_id` (case sensitive), `to` ("in the format of
 *   9471XXXXXXX") and `message`; `type=unicode` "to enable unicode"; the answer is JSON,
 *   `{"status": "success", "data": "Sent"}` on success.
 * - The PHP client Notify.lk publishes (notifylk/notify-php, docs/Api/SmsApi.md and
 *   docs/Model/Error.md): the send is a POST of `application/x-www-form-urlencoded`
 *   fields, and a failure answers `{"status": "error", "errors": [...]}`.
 *
 * The documentation lists no error codes, so an error is judged by its words: one about
 * the recipient or the message is a refusal for good (SmsRefusedError: that text will never
 * go); anything else (credentials, credit, a sender ID not approved yet, a 5xx, no answer
 * within the time limit, an answer that is not the documented JSON) is taken as one that a
 * later attempt may get past (SmsUnavailableError): the outbox tries again with growing
 * waits, so a text is never lost to a gateway or account problem the owner can fix.
 */
import {
  type SmsMessage,
  SmsRefusedError,
  type SmsSender,
  SmsUnavailableError,
} from "../../domain/notifications/sms.ts";

/** The documented send endpoint. */
export const NOTIFYLK_SEND_URL = "https://app.notify.lk/api/v1/send";

export interface NotifyLkOptions {
  userId: string;
  apiKey: string;
  /** The approved sender ID ("NotifyDEMO" for testing). */
  senderId: string;
  /** The send endpoint; the real one unless told (tests point it at a local fake). */
  url?: string;
  /** How long one send may take, answer included, before it counts as the gateway down. */
  timeoutMs?: number;
}

/** The longest a send waits by default: a stalled gateway must not hold up the outbox. */
export const NOTIFYLK_TIMEOUT_MS = 10_000;

/**
 * Words of an error about this text itself (its number, or a message too long), not about
 * the account ("Invalid API key", "Insufficient credit" and the like match none).
 */
const REFUSALS = [
  /\b(invalid|incorrect|wrong|blocked|barred|blacklisted|unsupported)\b.*\b(number|recipient|mobile|phone)\b/i,
  /\b(number|recipient|mobile|phone)\b.*\b(invalid|not valid|incorrect|wrong|blocked|barred|blacklisted|not supported|not allowed)\b/i,
  /\bmessage\b.*\b(too long|exceeds?|maximum)\b/i,
];

/** The words of a Notify.lk answer's error: `errors` (documented), else `message` or `data`. */
function errorWords(answer: Record<string, unknown>): string {
  const errors = answer.errors;
  if (Array.isArray(errors) && errors.length > 0) return errors.map(String).join("; ");
  if (errors && typeof errors === "object") {
    return Object.values(errors).flat().map(String).join("; ");
  }
  for (const key of ["message", "data", "error"]) {
    if (typeof answer[key] === "string" && answer[key]) return answer[key] as string;
  }
  return "no reason given";
}

/** Sends each text as one POST to Notify.lk's send endpoint. */
export class NotifyLkSmsSender implements SmsSender {
  readonly #options: Required<NotifyLkOptions>;

  constructor(options: NotifyLkOptions) {
    this.#options = {
      ...options,
      url: options.url ?? NOTIFYLK_SEND_URL,
      timeoutMs: options.timeoutMs ?? NOTIFYLK_TIMEOUT_MS,
    };
  }

  async send(message: SmsMessage): Promise<void> {
    const { url, userId, apiKey, senderId, timeoutMs } = this.#options;
    const to = message.to.replace(/^\+/, "");
    if (!/^94\d{9}$/.test(to)) {
      throw new SmsRefusedError(`Not a Sri Lankan number in the +94 form: ${message.to}`);
    }
    const body = new URLSearchParams({
      user_id: userId,
      api_key: apiKey,
      sender_id: senderId,
      to,
      message: message.text,
    });
    if (message.unicode) body.set("type", "unicode");
    let status: number;
    let text: string;
    try {
      // One time limit for the whole exchange, the answer's body included.
      const response = await fetch(url, {
        method: "POST",
        headers: { Accept: "application/json" },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const why = error instanceof DOMException && error.name === "TimeoutError"
        ? `did not answer within ${timeoutMs} ms`
        : `could not be reached (${error instanceof Error ? error.message : String(error)})`;
      throw new SmsUnavailableError(`Notify.lk ${why}`, { cause: error });
    }
    let answer: Record<string, unknown> | null = null;
    try {
      const parsed = JSON.parse(text);
      if (parsed && typeof parsed === "object") answer = parsed;
    } catch {
      // Judged below as an answer that is not the documented one.
    }
    if (status >= 200 && status < 300 && answer?.status === "success") return;
    if (answer?.status === "error" || (answer && status >= 400 && status < 500)) {
      const words = errorWords(answer);
      if (status !== 429 && REFUSALS.some((refusal) => refusal.test(words))) {
        throw new SmsRefusedError(`Notify.lk refused the text: ${words}`);
      }
      throw new SmsUnavailableError(`Notify.lk could not send the text now: ${words} (${status})`);
    }
    throw new SmsUnavailableError(
      `Notify.lk answered ${status} without the documented JSON: ${text.slice(0, 200)}`,
    );
  }
}
