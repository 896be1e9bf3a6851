import assert from "node:assert/strict";
import { timersPass } from "../../tests/support/eventually.ts";
import { NodemailerMailer, redact, smtpTransportOptions } from "./nodemailer_mailer.ts";
import { startSmtpPeer } from "./testing/smtp_peer.ts";
import { checkoutMessage, completionMessage } from "./testing/sample_mails.ts";
import { bookLine, sampleOrder } from "../../domain/notifications/testing/samples.ts";

const FROM = "Pothgula <orders@pothgula.example>";

Deno.test("NodemailerMailer delivers a COD checkout mail to the shopper", async () => {
  const peer = await startSmtpPeer();
  const mailer = new NodemailerMailer({ smtpUrl: peer.url, from: FROM });
  try {
    await mailer.send(checkoutMessage(sampleOrder()));
    const [mail] = await peer.waitFor((m) => m.length === 1);
    assert.deepEqual(mail.envelopeTo, ["nimali@example.lk"]);
    assert.equal(mail.envelopeFrom, "orders@pothgula.example");
    assert.equal(mail.parsed.from?.text, `"Pothgula" <orders@pothgula.example>`);
    assert.equal(mail.subject, "Pothgula: order #1042 received");
    assert.match(mail.text, /Madol Doova \(Book\): LKR 1,250.00 x 2 = LKR 2,500.00/);
    assert.match(mail.text, /Cash on Delivery/);
    assert.match(mail.html, /<td[^>]*>Atlas CR Book 120 pages<br>/);
  } finally {
    mailer.close();
    await peer.stop();
  }
});

Deno.test("NodemailerMailer delivers a Bank Deposit checkout mail with the bank account", async () => {
  const peer = await startSmtpPeer();
  const mailer = new NodemailerMailer({ smtpUrl: peer.url, from: FROM });
  try {
    const order = sampleOrder({
      paymentMethod: "Bank Deposit",
      items: [bookLine({ preorder: true, title: "Gamperaliya – පළමු මුද්‍රණය" })],
    });
    await mailer.send(checkoutMessage(order));
    const [mail] = await peer.waitFor((m) => m.length === 1);
    assert.equal(mail.subject, "Pothgula: order #1042 received");
    assert.match(mail.text, /Account number: 0071234567/);
    assert.match(mail.text, /WhatsApp to \+94 77 765 4321/);
    assert.match(mail.text, /Pre-orders are sent when they reach us/);
    assert.match(mail.html, /Gamperaliya – පළමු මුද්‍රණය/);
  } finally {
    mailer.close();
    await peer.stop();
  }
});

Deno.test("NodemailerMailer delivers the completion mail", async () => {
  const peer = await startSmtpPeer();
  const mailer = new NodemailerMailer({ smtpUrl: peer.url, from: FROM });
  try {
    await mailer.send(completionMessage(sampleOrder({ status: "completed" })));
    const [mail] = await peer.waitFor((m) => m.length === 1);
    assert.deepEqual(mail.envelopeTo, ["nimali@example.lk"]);
    assert.equal(mail.subject, "Pothgula: order #1042 handed over to delivery");
    assert.match(mail.text, /Expect it in 3 - 5 working days/);
  } finally {
    mailer.close();
    await peer.stop();
  }
});

Deno.test("NodemailerMailer logs in with the user and password of the URL", async () => {
  const peer = await startSmtpPeer({ auth: { user: "shop@pothgula.example", pass: "s3cr:et@" } });
  const mailer = new NodemailerMailer({ smtpUrl: peer.url, from: FROM });
  const wrong = new NodemailerMailer({
    smtpUrl: peer.url.replace("s3cr", "nope"),
    from: FROM,
  });
  try {
    await mailer.send(completionMessage(sampleOrder()));
    await peer.waitFor((m) => m.length === 1);
    await assert.rejects(wrong.send(completionMessage(sampleOrder())), /Invalid/);
    assert.equal(peer.messages.length, 1);
  } finally {
    mailer.close();
    wrong.close();
    await peer.stop();
  }
});

Deno.test("NodemailerMailer fails fast when the SMTP server is down", async () => {
  const peer = await startSmtpPeer();
  await peer.stop();
  const mailer = new NodemailerMailer({ smtpUrl: peer.url, from: FROM, timeoutMs: 2_000 });
  try {
    // Refused at once by the closed port, not given up on at the time limit.
    await assert.rejects(mailer.send(completionMessage(sampleOrder())), /ECONNREFUSED|refused/i);
  } finally {
    mailer.close();
  }
});

Deno.test("NodemailerMailer gives up on a server that accepts but never answers", async () => {
  const silent = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const held: Deno.Conn[] = [];
  const accepting = (async () => {
    for await (const conn of silent) held.push(conn);
  })();
  const url = `smtp://127.0.0.1:${(silent.addr as Deno.NetAddr).port}`;
  const mailer = new NodemailerMailer({ smtpUrl: url, from: FROM, timeoutMs: 300 });
  try {
    // The greeting and the socket wait for the same time: on a busy machine either gives up
    // first. It gives up at its own limit: before ten periods of that limit have passed.
    const sending = mailer.send(completionMessage(sampleOrder()));
    const outcome = await Promise.race([
      sending.then(() => "sent", (error) => error),
      timersPass(300, 10).then(() => "still waiting"),
    ]);
    assert.match(String(outcome), /Greeting never received|Timeout/);
  } finally {
    mailer.close();
    silent.close();
    for (const conn of held) conn.close();
    await accepting.catch(() => {});
  }
});

Deno.test("smtpTransportOptions() reads host, port, TLS and login from the URL", () => {
  const plain = smtpTransportOptions("smtp://mail.example.lk");
  assert.equal(plain.host, "mail.example.lk");
  assert.equal(plain.port, 587);
  assert.equal(plain.secure, false);
  assert.equal(plain.auth, undefined);
  assert.equal(plain.connectionTimeout, 10_000);
  const tls = smtpTransportOptions("smtps://me%40example.lk:p%40ss@mail.example.lk");
  assert.equal(tls.port, 465);
  assert.equal(tls.secure, true);
  assert.deepEqual(tls.auth, { user: "me@example.lk", pass: "p@ss" });
  assert.equal(smtpTransportOptions("smtp://127.0.0.1:2525").port, 2525);
});

Deno.test("smtpTransportOptions() refuses other schemes without showing the password", () => {
  assert.throws(() => smtpTransportOptions("http://mail.example.lk"), /smtp:\/\/ or smtps:\/\//);
  assert.throws(() => smtpTransportOptions("not a url"), /not a URL/);
  assert.equal(redact("smtp://me:secret@mail.example.lk:25"), "smtp://me:***@mail.example.lk:25");
});

Deno.test("NodemailerMailer sends a mail's attachment (the receipt) whole, under its name and type", async () => {
  const peer = await startSmtpPeer();
  const mailer = new NodemailerMailer({ smtpUrl: peer.url, from: FROM });
  try {
    const receipt = new TextEncoder().encode("%PDF-1.4\n% receipt 1042\n%%EOF\n");
    await mailer.send({
      ...completionMessage(sampleOrder({ status: "completed" })),
      attachments: [{
        filename: "pothgula-receipt-1042.pdf",
        contentType: "application/pdf",
        content: receipt,
      }],
    });
    const [mail] = await peer.waitFor((m) => m.length === 1);
    const [file, ...others] = mail.parsed.attachments;
    assert.equal(others.length, 0);
    assert.equal(file.filename, "pothgula-receipt-1042.pdf");
    assert.equal(file.contentType, "application/pdf");
    assert.deepEqual(new Uint8Array(file.content), receipt);
  } finally {
    mailer.close();
    await peer.stop();
  }
});
