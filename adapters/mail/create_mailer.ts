import type { Mailer } from "../../domain/ports.ts";
import { EmlFileMailer } from "./eml_file_mailer.ts";
import { NodemailerMailer } from "./nodemailer_mailer.ts";

export interface MailerConfig {
  /** SMTP_URL; unset writes .eml files to `dropDir` instead. */
  smtpUrl?: string;
  /** MAIL_FROM */
  from: string;
  /** Where mails go without SMTP, e.g. DATA_DIR/mail. */
  dropDir: string;
}

/** The mailer the configuration asks for: SMTP when a server is given, else .eml files. */
export function createMailer(opts: MailerConfig): Mailer {
  return opts.smtpUrl
    ? new NodemailerMailer({ smtpUrl: opts.smtpUrl, from: opts.from })
    : new EmlFileMailer({ dir: opts.dropDir, from: opts.from });
}
