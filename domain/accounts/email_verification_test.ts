import assert from "node:assert/strict";
import {
  confirmEmail,
  guestOrderEmail,
  sendVerificationLink,
  verificationTokenHash,
  VERIFY_LINK_HOURS,
} from "./email_verification.ts";
import { MemoryAccounts } from "./testing/memory_accounts.ts";
import { MemoryEmailVerifications } from "./testing/memory_email_verifications.ts";
import type { AccountMail } from "../notifications/mail.ts";
import { SAMPLE_SHOP } from "../notifications/testing/samples.ts";

const NOW = new Date("2026-11-23T10:00:00.000Z");

/** A customer, the links' store over a fixed list of guest orders, and the mails queued. */
async function setting() {
  const accounts = new MemoryAccounts();
  const made = await accounts.createCustomer({
    username: "Sunil Fernando",
    email: "sunil@example.lk",
    passwordHash: "x",
  });
  assert.ok(made.kind === "created");
  const guestOrders = [
    { id: 1, email: "SUNIL@example.lk ", userId: null as number | null },
    { id: 2, email: "nimali@example.lk", userId: null as number | null },
  ];
  const verifications = new MemoryEmailVerifications(accounts, {
    joinGuestOrders(userId, email) {
      const joined = guestOrders.filter((o) =>
        o.userId === null && guestOrderEmail(o.email) === guestOrderEmail(email)
      );
      for (const order of joined) order.userId = userId;
      return joined.map((o) => o.id);
    },
  });
  const queued: AccountMail[] = [];
  const deps = {
    verifications,
    mail: { enqueue: (mail: AccountMail) => Promise.resolve(void queued.push(mail)) },
    shop: SAMPLE_SHOP,
    nameOf: async (id: number) => (await accounts.findCustomerById(id))?.username,
  };
  return { account: made.account, guestOrders, verifications, queued, deps };
}

function tokenIn(mail: AccountMail): string {
  assert.equal(mail.kind, "email_verification");
  const link = (mail as { link: string }).link;
  return decodeURIComponent(/token=([^&]+)$/.exec(link)![1]);
}

Deno.test("guestOrderEmail() matches an address whatever its case and surrounding spaces", () => {
  assert.equal(guestOrderEmail("  Sunil@Example.LK\t"), "sunil@example.lk");
  assert.notEqual(guestOrderEmail("sunil@example.lk"), guestOrderEmail("sunil@example.com"));
});

Deno.test("sendVerificationLink() mails a secret the store keeps only hashed, valid for a day", async () => {
  const t = await setting();
  let kept: { tokenHash: string; expiresAt: Date; language: string } | undefined;
  const store = {
    ...t.verifications,
    create: (link: { tokenHash: string; expiresAt: Date; language: string }) => {
      kept = link;
      return Promise.resolve();
    },
  };
  await sendVerificationLink({ ...t.deps, verifications: store as never }, t.account, "si", NOW);
  const [mail] = t.queued;
  assert.equal(mail.language, "si");
  assert.equal(mail.to, "sunil@example.lk");
  const token = tokenIn(mail);
  assert.match(token, /^[A-Za-z0-9_-]{43}$/);
  assert.equal(kept?.tokenHash, await verificationTokenHash(token));
  assert.notEqual(kept?.tokenHash, token);
  assert.equal(kept?.expiresAt.getTime(), NOW.getTime() + VERIFY_LINK_HOURS * 3_600_000);
});

Deno.test("confirmEmail() joins the guest orders and welcomes once, in the link's language", async () => {
  const t = await setting();
  await sendVerificationLink(t.deps, t.account, "ta", NOW);
  await sendVerificationLink(t.deps, t.account, "ta", NOW);
  assert.deepEqual(t.guestOrders.map((o) => o.userId), [null, null], "nothing before");
  const outcome = await confirmEmail(t.deps, tokenIn(t.queued[1]), NOW);
  assert.equal(outcome.kind, "confirmed");
  assert.deepEqual(t.guestOrders.map((o) => o.userId), [t.account.id, null]);
  assert.deepEqual(t.queued.slice(2), [{
    kind: "welcome",
    to: "sunil@example.lk",
    language: "ta",
    name: "Sunil Fernando",
    joinedOrders: 1,
    accountUrl: "https://pothgula.example/ta/account",
  }]);
  // The earlier link ended with the confirmation; no second welcome.
  assert.deepEqual(await confirmEmail(t.deps, tokenIn(t.queued[0]), NOW), { kind: "refused" });
  assert.equal(t.queued.filter((m) => m.kind === "welcome").length, 1);
});

Deno.test("confirmEmail() refuses a forged or expired link, joining and mailing nothing", async () => {
  const t = await setting();
  await sendVerificationLink(t.deps, t.account, "en", NOW);
  const token = tokenIn(t.queued[0]);
  assert.deepEqual(
    await confirmEmail(t.deps, token.replace(/^./, (c) => c === "A" ? "B" : "A"), NOW),
    {
      kind: "refused",
    },
  );
  const late = new Date(NOW.getTime() + VERIFY_LINK_HOURS * 3_600_000);
  assert.deepEqual(await confirmEmail(t.deps, token, late), { kind: "refused" });
  assert.deepEqual(t.guestOrders.map((o) => o.userId), [null, null]);
  assert.equal(await t.verifications.verifiedAt(t.account.id), undefined);
  assert.equal(t.queued.length, 1);
});

Deno.test("a welcome that cannot be queued leaves the confirmation standing, and is told", async () => {
  const t = await setting();
  await sendVerificationLink(t.deps, t.account, "en", NOW);
  const failures: unknown[] = [];
  const outcome = await confirmEmail(
    {
      ...t.deps,
      mail: { enqueue: () => Promise.reject(new Error("outbox down")) },
      onMailFailed: (error) => failures.push(error),
    },
    tokenIn(t.queued[0]),
    NOW,
  );
  assert.equal(outcome.kind, "confirmed");
  assert.deepEqual(t.guestOrders.map((o) => o.userId), [t.account.id, null]);
  assert.equal(failures.length, 1);
  assert.deepEqual(await t.verifications.verifiedAt(t.account.id), NOW);
});
