/** Outgoing mail: SMTP through nodemailer, .eml files without a server, and the outbox loop. */
export { createMailer, type MailerConfig } from "./create_mailer.ts";
export { EmlFileMailer, type EmlFileMailerOptions } from "./eml_file_mailer.ts";
export { NodemailerMailer, type NodemailerOptions, redact } from "./nodemailer_mailer.ts";
export {
  type OutboxDispatcher,
  type OutboxDispatcherOptions,
  startOutboxDispatcher,
} from "./outbox_dispatcher.ts";
