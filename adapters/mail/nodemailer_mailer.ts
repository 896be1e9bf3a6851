/**
 * Sends mail through an SMTP server with nodemailer. The server comes from one URL:
 * `smtp://user:pass@host:587` (STARTTLS when the server offers it) or
 * `smtps://user:pass@host:465` (TLS from the first byte).
 */
// @ts-types="@types/nodemailer"
import { Buffer } from "node:buffer";
import nodemailer from "nodemailer";
import type { Mailer, MailMessage } from "../../domain/ports.ts";
import { listUnsubscribeHeaders } from "./list_unsubscribe.ts";

export interface NodemailerOptions {
  smtpUrl: string;
  /** The sender, e.g. `Pothgula <orders@pothgula.lk>`. */
  from: string;
  /** Connect, greeting and socket time-outs: a dead server fails a send this fast. */
  timeoutMs?: number;
}

/** Reads an smtp:// or smtps:// URL into nodemailer's transport options; throws on anything else. */
export function smtpTransportOptions(smtpUrl: string, timeoutMs = 10_000) {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new Error(`SMTP_URL is not a URL: "${redact(smtpUrl)}"`);
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") {
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, not "${url.protocol}//"`);
  }
  if (!url.hostname) throw new Error("SMTP_URL names no host");
  const secure = url.protocol === "smtps:";
  const user = decodeURIComponent(url.username);
  const pass = decodeURIComponent(url.password);
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: user ? { user, pass } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
  };
}

/** The URL with its password replaced, for messages and logs. */
export function redact(smtpUrl: string): string {
  return smtpUrl.replace(/(\/\/[^:/@]*:)[^@/]*@/, "$1***@");
}

/** A mailer that hands each message to an SMTP server, one connection per message. */
export class NodemailerMailer implements Mailer {
  private readonly transport: ReturnType<typeof nodemailer.createTransport>;
  private readonly from: string;

  constructor(options: NodemailerOptions) {
    this.transport = nodemailer.createTransport(
      smtpTransportOptions(options.smtpUrl, options.timeoutMs),
    );
    this.from = options.from;
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      ...(message.messageId ? { messageId: message.messageId } : {}),
      ...(message.listUnsubscribe
        ? { headers: listUnsubscribeHeaders(message.listUnsubscribe) }
        : {}),
      ...(message.attachments
        ? {
          attachments: message.attachments.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: Buffer.from(file.content),
          })),
        }
        : {}),
    });
  }

  /** Releases the transport's resources. */
  close(): void {
    this.transport.close();
  }
}
