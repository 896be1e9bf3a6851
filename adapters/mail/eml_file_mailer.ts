/**
 * Writes each message as an RFC 822 `.eml` file instead of sending it: the shop's mail
 * when no SMTP server is configured. Any mail program opens the files. Names sort in the
 * order the mails were written: `20250314T093000123Z-000001-a1b2c3.eml`.
 */
// @ts-types="@types/nodemailer"
import nodemailer from "nodemailer";
import { join } from "node:path";
import type { Mailer, MailMessage } from "../../domain/ports.ts";
import { listUnsubscribeHeaders } from "./list_unsubscribe.ts";

export interface EmlFileMailerOptions {
  /** The folder the files go to; created when missing. */
  dir: string;
  from: string;
}

/** A sortable, unique file name for the `sequence`-th mail written at `at`. */
export function emlFileName(at: Date, sequence: number, suffix: string): string {
  const stamp = at.toISOString().replace(/[-:]/g, "").replace(".", "");
  return `${stamp}-${String(sequence).padStart(6, "0")}-${suffix}.eml`;
}

export class EmlFileMailer implements Mailer {
  private readonly transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "crlf",
  });
  private sequence = 0;

  constructor(private readonly options: EmlFileMailerOptions) {}

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({
      from: this.options.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      ...(message.messageId ? { messageId: message.messageId } : {}),
      ...(message.listUnsubscribe
        ? { headers: listUnsubscribeHeaders(message.listUnsubscribe) }
        : {}),
    });
    const bytes = info.message as unknown as Uint8Array;
    await Deno.mkdir(this.options.dir, { recursive: true });
    const suffix = crypto.randomUUID().slice(0, 8);
    const name = emlFileName(new Date(), ++this.sequence, suffix);
    const path = join(this.options.dir, name);
    // Written under a temporary name and renamed, so a reader never sees half a mail.
    await Deno.writeFile(`${path}.part`, bytes);
    await Deno.rename(`${path}.part`, path);
  }
}
