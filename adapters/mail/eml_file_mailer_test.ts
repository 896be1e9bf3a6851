import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
// @ts-types="@types/mailparser"
import { simpleParser } from "mailparser";
import { EmlFileMailer, emlFileName } from "./eml_file_mailer.ts";
import { createMailer } from "./create_mailer.ts";
import { NodemailerMailer } from "./nodemailer_mailer.ts";
import { checkoutMessage, completionMessage } from "./testing/sample_mails.ts";
import { sampleOrder } from "../../domain/notifications/testing/samples.ts";

async function emlFiles(dir: string): Promise<string[]> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(dir)) names.push(entry.name);
  return names.sort();
}

Deno.test("EmlFileMailer writes each mail as an .eml file any mail program can read", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const mailer = new EmlFileMailer({ dir: `${dir}/mail`, from: "Pothgula <orders@p.lk>" });
    await mailer.send(checkoutMessage(sampleOrder()));
    await mailer.send(completionMessage(sampleOrder({ id: 7 })));
    const names = await emlFiles(`${dir}/mail`);
    assert.equal(names.length, 2);
    assert.ok(names.every((n) => /^\d{8}T\d{9}Z-\d{6}-[0-9a-f]{8}\.eml$/.test(n)), names.join());
    const first = await simpleParser(Buffer.from(await Deno.readFile(`${dir}/mail/${names[0]}`)));
    assert.equal(first.subject, "Pothgula: order #1042 received");
    assert.equal(first.from?.text, `"Pothgula" <orders@p.lk>`);
    assert.match(first.text ?? "", /Madol Doova/);
    assert.match(String(first.html), /<table/);
    const to = Array.isArray(first.to) ? first.to[0] : first.to;
    assert.equal(to?.text, "nimali@example.lk");
    const second = await simpleParser(Buffer.from(await Deno.readFile(`${dir}/mail/${names[1]}`)));
    assert.equal(second.subject, "Pothgula: order #7 handed over to delivery");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("emlFileName() sorts by time, then by sequence", () => {
  const at = new Date("2025-03-14T09:30:00.123Z");
  assert.equal(emlFileName(at, 1, "a1b2c3d4"), "20250314T093000123Z-000001-a1b2c3d4.eml");
  const names = [
    emlFileName(new Date("2025-03-14T09:30:01.000Z"), 1, "ffffffff"),
    emlFileName(at, 12, "00000000"),
    emlFileName(at, 2, "99999999"),
  ];
  assert.deepEqual([...names].sort(), [names[2], names[1], names[0]]);
});

Deno.test("createMailer() sends by SMTP when a server is given, else writes .eml files", () => {
  const smtp = createMailer({ smtpUrl: "smtp://127.0.0.1:2525", from: "a@b.lk", dropDir: "x" });
  assert.ok(smtp instanceof NodemailerMailer);
  smtp.close();
  assert.ok(createMailer({ from: "a@b.lk", dropDir: "x" }) instanceof EmlFileMailer);
  assert.ok(createMailer({ smtpUrl: "", from: "a@b.lk", dropDir: "x" }) instanceof EmlFileMailer);
});

Deno.test("createMailer() refuses an SMTP_URL that is not smtp:// or smtps://", () => {
  assert.throws(
    () => createMailer({ smtpUrl: "https://mail.example.lk", from: "a@b.lk", dropDir: "x" }),
    /SMTP_URL must start with smtp:\/\/ or smtps:\/\//,
  );
});
