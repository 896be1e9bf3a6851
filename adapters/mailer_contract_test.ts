/**
 * The contract of the Mailer port, run against every mailer: nodemailer over SMTP to a
 * real SMTP peer on loopback, the .eml files written when no SMTP server is set, and the
 * recording mailer the outbox tests use. Each delivers what it is given, once, as a mail
 * program reads it. What only one mailer does (file names, SMTP URLs and logins, a server
 * that goes away) is tested beside it in mail/.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
// @ts-types="@types/mailparser"
import { simpleParser } from "mailparser";
import type { Mailer, MailMessage } from "../domain/ports.ts";
import { EmlFileMailer } from "./mail/eml_file_mailer.ts";
import { NodemailerMailer } from "./mail/nodemailer_mailer.ts";
import { startSmtpPeer } from "./mail/testing/smtp_peer.ts";
import { RecordingMailer } from "../domain/notifications/testing/outbox_fakes.ts";
import { checkoutMessage } from "./mail/testing/sample_mails.ts";
import { bookLine, sampleOrder } from "../domain/notifications/testing/samples.ts";

const FROM = "Pothgula <orders@pothgula.example>";

/** A mail as its reader sees it. */
type Delivered = MailMessage;

/** A mailer and the mailbox it delivers to, in the order mails arrived. */
interface Subject {
  mailer: Mailer;
  delivered(count: number): Promise<Delivered[]>;
}

function recipient(to: { text: string } | { text: string }[] | undefined): string {
  return (Array.isArray(to) ? to.map((t) => t.text).join(", ") : to?.text) ?? "";
}

/** Registers the test once per mailer: `[smtp]`, `[eml]`, `[recording]`. */
function contract(name: string, fn: (subject: Subject) => Promise<void>): void {
  Deno.test(`${name} [smtp]`, async () => {
    const peer = await startSmtpPeer();
    const mailer = new NodemailerMailer({ smtpUrl: peer.url, from: FROM });
    try {
      await fn({
        mailer,
        async delivered(count) {
          const mails = await peer.waitFor((m) => m.length >= count);
          return mails.map((m) => ({
            to: recipient(m.parsed.to),
            subject: m.subject,
            text: m.text,
            html: m.html,
          }));
        },
      });
    } finally {
      mailer.close();
      await peer.stop();
    }
  });
  Deno.test(`${name} [eml]`, async () => {
    const dir = await Deno.makeTempDir({ prefix: "pothgula-mail-" });
    try {
      await fn({
        mailer: new EmlFileMailer({ dir: `${dir}/mail`, from: FROM }),
        async delivered() {
          const names: string[] = [];
          for await (const entry of Deno.readDir(`${dir}/mail`)) names.push(entry.name);
          const mails = [];
          for (const name of names.sort()) {
            const parsed = await simpleParser(
              Buffer.from(await Deno.readFile(`${dir}/mail/${name}`)),
            );
            mails.push({
              to: recipient(parsed.to),
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: typeof parsed.html === "string" ? parsed.html : "",
            });
          }
          return mails;
        },
      });
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
  Deno.test(`${name} [recording]`, () => {
    const mailer = new RecordingMailer();
    return fn({ mailer, delivered: () => Promise.resolve([...mailer.sent]) });
  });
}

/** Text as a mail program gives it back: line ends as sent, no trailing line break added. */
function sameText(received: string, sent: string): void {
  assert.equal(received.replace(/\r\n/g, "\n").trimEnd(), sent.replace(/\r\n/g, "\n").trimEnd());
}

contract("a mailer delivers the recipient, subject, text and HTML it is given", async (s) => {
  const message = checkoutMessage(sampleOrder());
  await s.mailer.send(message);
  const [mail, ...more] = await s.delivered(1);
  assert.equal(more.length, 0);
  assert.equal(mail.to, message.to);
  assert.equal(mail.subject, message.subject);
  sameText(mail.text, message.text);
  assert.match(mail.html, /<td[^>]*>Atlas CR Book 120 pages<br>/);
  assert.match(mail.html, /Madol Doova/);
});

contract("a mailer keeps Sinhala and Tamil whole in the subject and body", async (s) => {
  const title = "ගම්පෙරළිය – பொன்னியின் செல்வன்";
  const message: MailMessage = {
    to: "nimali@example.lk",
    subject: `Pothgula: ${title}`,
    text: `${title}\n${"අ".repeat(200)}\n`,
    html: `<p>${title}</p>`,
  };
  await s.mailer.send(message);
  const [mail] = await s.delivered(1);
  assert.equal(mail.subject, message.subject);
  sameText(mail.text, message.text);
  assert.match(mail.html, new RegExp(title));
});

contract("a mailer delivers each of several mails sent at once, once", async (s) => {
  const orders = [1, 2, 3, 4, 5].map((id) =>
    checkoutMessage(
      sampleOrder({ id, items: [bookLine({ title: `Book ${id}` })] }),
    )
  );
  await Promise.all(orders.map((m) => s.mailer.send(m)));
  const mails = await s.delivered(orders.length);
  assert.deepEqual(
    mails.map((m) => m.subject).sort(),
    orders.map((m) => m.subject).sort(),
  );
});
