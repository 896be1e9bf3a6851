/**
 * The Notify.lk adapter against the local fake of its send endpoint: the documented fields,
 * the unicode switch, and each way a send can fail mapped to whether a retry can help.
 */
import assert from "node:assert/strict";
import { NOTIFYLK_SEND_URL, NotifyLkSmsSender } from "./notifylk.ts";
import { type FakeNotifyLk, startFakeNotifyLk } from "./testing/fake_notifylk.ts";
import { SmsError, SmsRefusedError, SmsUnavailableError } from "../../domain/notifications/sms.ts";

function senderFor(fake: FakeNotifyLk, overrides: { apiKey?: string; timeoutMs?: number } = {}) {
  return new NotifyLkSmsSender({
    userId: fake.userId,
    apiKey: overrides.apiKey ?? fake.apiKey,
    senderId: fake.senderId,
    url: fake.url,
    timeoutMs: overrides.timeoutMs,
  });
}

async function withFake(fn: (fake: FakeNotifyLk) => Promise<void>): Promise<void> {
  const fake = startFakeNotifyLk();
  try {
    await fn(fake);
  } finally {
    await fake.close();
  }
}

Deno.test("NotifyLkSmsSender sends the documented fields: 94XXXXXXXXX without the +, and type=unicode for Sinhala", () =>
  withFake(async (fake) => {
    const sender = senderFor(fake);
    await sender.send({ to: "+94771234567", text: "Pothgula: order #7", unicode: false });
    await sender.send({ to: "+94715550102", text: "Pothgula: ඇණවුම #8", unicode: true });
    assert.deepEqual(fake.messages, [
      { to: "94771234567", message: "Pothgula: order #7", senderId: "Pothgula", type: null },
      { to: "94715550102", message: "Pothgula: ඇණවුම #8", senderId: "Pothgula", type: "unicode" },
    ]);
  }));

Deno.test("NotifyLkSmsSender takes a refused number as a refusal for good", () =>
  withFake(async (fake) => {
    fake.refuse("94771234567");
    const error = await senderFor(fake).send({ to: "+94771234567", text: "x", unicode: false })
      .then(() => null, (e) => e);
    assert.ok(error instanceof SmsRefusedError, String(error));
    assert.equal(error.retry, false);
    assert.match(error.message, /Invalid recipient number/);
    assert.deepEqual(fake.messages, []);
  }));

Deno.test("NotifyLkSmsSender refuses, without calling, a number not in the +94 form", () =>
  withFake(async (fake) => {
    await assert.rejects(
      senderFor(fake).send({ to: "+447700900123", text: "x", unicode: false }),
      SmsRefusedError,
    );
    assert.equal(fake.requests, 0);
  }));

Deno.test("NotifyLkSmsSender takes a gateway that is down, refuses the account or is gone as one to try again", () =>
  withFake(async (fake) => {
    const text = { to: "+94771234567", text: "x", unicode: false };
    fake.down = true;
    const down = await senderFor(fake).send(text).then(() => null, (e) => e);
    assert.ok(down instanceof SmsUnavailableError, String(down));
    assert.match(down.message, /503/);
    fake.down = false;
    const account = await senderFor(fake, { apiKey: "wrong" }).send(text).then(
      () => null,
      (e) => e,
    );
    assert.ok(account instanceof SmsUnavailableError, String(account));
    assert.match(account.message, /Invalid API key/);
    assert.deepEqual(fake.messages, []);
    // Back up: the same text goes.
    await senderFor(fake).send(text);
    assert.equal(fake.messages.length, 1);
  }));

Deno.test("NotifyLkSmsSender gives up on a stalled gateway at its time limit, as one to try again", () =>
  withFake(async (fake) => {
    fake.stall(true);
    const error = await senderFor(fake, { timeoutMs: 200 })
      .send({ to: "+94771234567", text: "x", unicode: false })
      .then(() => null, (e) => e);
    assert.ok(error instanceof SmsUnavailableError, String(error));
    assert.match(error.message, /did not answer within 200 ms/);
    fake.stall(false);
  }));

Deno.test("NotifyLkSmsSender takes a closed port as a gateway that is down", async () => {
  const fake = startFakeNotifyLk();
  await fake.close();
  const error = await senderFor(fake).send({ to: "+94771234567", text: "x", unicode: false })
    .then(() => null, (e) => e);
  assert.ok(error instanceof SmsUnavailableError, String(error));
  assert.match(error.message, /could not be reached/);
});

Deno.test("NotifyLkSmsSender reads an error answered with 200 and judges it by its words", async () => {
  const answers = [
    { body: { status: "error", errors: ["Invalid recipient number"] }, refused: true },
    {
      body: { status: "error", message: "Message too long: maximum 621 characters" },
      refused: true,
    },
    { body: { status: "error", errors: ["Insufficient credit"] }, refused: false },
    { body: { status: "error", data: "Sender ID not approved" }, refused: false },
    { body: "<html>Bad gateway</html>", refused: false },
  ];
  for (const { body, refused } of answers) {
    const server = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen() {} },
      () => typeof body === "string" ? new Response(body) : Response.json(body),
    );
    try {
      const sender = new NotifyLkSmsSender({
        userId: "1",
        apiKey: "k",
        senderId: "Pothgula",
        url: `http://127.0.0.1:${server.addr.port}/api/v1/send`,
      });
      const error = await sender.send({ to: "+94771234567", text: "x", unicode: false })
        .then(() => null, (e) => e);
      assert.ok(error instanceof SmsError, JSON.stringify(body));
      assert.equal(error.retry, !refused, JSON.stringify(body));
    } finally {
      await server.shutdown();
    }
  }
});

Deno.test("NotifyLkSmsSender goes to the real endpoint unless told", () => {
  assert.equal(NOTIFYLK_SEND_URL, "https://app.notify.lk/api/v1/send");
});
