import assert from "node:assert/strict";
import {
  adminPasswordResetMail,
  emailVerificationMail,
  passwordResetMail,
  readStoredAccountMail,
  registrationTakenMail,
  staffInvitationMail,
  storedAccountMail,
  welcomeMail,
} from "./account_mail.ts";
import { SAMPLE_SHOP } from "./testing/samples.ts";

Deno.test("registrationTakenMail() links to logging in and resetting on the pages of the request's language", () => {
  assert.deepEqual(registrationTakenMail("nimali@example.lk", "ta", SAMPLE_SHOP), {
    kind: "registration_taken",
    to: "nimali@example.lk",
    language: "ta",
    loginUrl: "https://pothgula.example/ta/login",
    resetUrl: "https://pothgula.example/ta/reset-password",
  });
});

Deno.test("passwordResetMail() carries the single-use link to the page in the request's language", () => {
  const mail = passwordResetMail("a@example.lk", "abc_DEF-123", "en", SAMPLE_SHOP);
  assert.ok(mail.kind === "password_reset");
  assert.equal(mail.link, "https://pothgula.example/reset-password?token=abc_DEF-123");
});

Deno.test("adminPasswordResetMail() links to the admin area's reset page, in English", () => {
  const mail = adminPasswordResetMail({
    email: "owner@pothgula.lk",
    token: "a b",
    shop: SAMPLE_SHOP,
  });
  assert.ok(mail.kind === "password_reset");
  assert.equal(mail.link, "https://pothgula.example/admin/reset-password?token=a%20b");
  assert.equal(mail.language, "en");
});

Deno.test("an account mail reads back from its stored form, however it went through JSON", () => {
  for (
    const mail of [
      passwordResetMail("a@example.lk", "tok", "si", SAMPLE_SHOP),
      registrationTakenMail("a@example.lk", "en", SAMPLE_SHOP),
      staffInvitationMail({
        email: "packer@pothgula.lk",
        token: "tok",
        role: "staff",
        days: 7,
        shop: SAMPLE_SHOP,
      }),
      emailVerificationMail(
        { email: "a@example.lk", token: "tok", language: "ta", hours: 24 },
        SAMPLE_SHOP,
      ),
      welcomeMail(
        { email: "a@example.lk", name: "Sunil", language: "si", joinedOrders: 2 },
        SAMPLE_SHOP,
      ),
    ]
  ) {
    const stored = JSON.parse(JSON.stringify(storedAccountMail(mail)));
    assert.equal(stored.v, 1);
    assert.deepEqual(readStoredAccountMail(mail.kind, stored), mail);
  }
});

Deno.test("readStoredAccountMail() refuses an unknown version, language or a missing fact", () => {
  const good = { v: 1, to: "a@example.lk", language: "si", link: "https://x/reset" };
  assert.ok(readStoredAccountMail("password_reset", good));
  assert.equal(readStoredAccountMail("password_reset", { ...good, v: 2 }), undefined);
  assert.equal(readStoredAccountMail("password_reset", { ...good, language: "fr" }), undefined);
  assert.equal(readStoredAccountMail("password_reset", { ...good, link: "" }), undefined);
  assert.equal(readStoredAccountMail("registration_taken", good), undefined);
  assert.equal(readStoredAccountMail("password_reset", null), undefined);
  assert.equal(readStoredAccountMail("password_reset", "text"), undefined);
});

Deno.test("staffInvitationMail() links to the admin area's invitation page, in English, with its role and days", () => {
  const mail = staffInvitationMail({
    email: "packer@pothgula.lk",
    token: "a b",
    role: "staff",
    days: 7,
    shop: SAMPLE_SHOP,
  });
  assert.deepEqual(mail, {
    kind: "staff_invitation",
    to: "packer@pothgula.lk",
    language: "en",
    link: "https://pothgula.example/admin/invitation?token=a%20b",
    role: "staff",
    days: 7,
  });
  const stored = storedAccountMail(mail);
  assert.equal(readStoredAccountMail("staff_invitation", { ...stored, role: "admin" }), undefined);
  assert.equal(readStoredAccountMail("staff_invitation", { ...stored, days: 0 }), undefined);
});

Deno.test("emailVerificationMail() links to the confirmation page in the customer's language", () => {
  assert.deepEqual(
    emailVerificationMail(
      { email: "a@example.lk", token: "abc_DEF-1", language: "si", hours: 24 },
      SAMPLE_SHOP,
    ),
    {
      kind: "email_verification",
      to: "a@example.lk",
      language: "si",
      link: "https://pothgula.example/si/verify-email?token=abc_DEF-1",
      hours: 24,
    },
  );
});

Deno.test("welcomeMail() names the customer, the orders joined and their account page", () => {
  assert.deepEqual(
    welcomeMail(
      { email: "a@example.lk", name: "Sunil", language: "en", joinedOrders: 3 },
      SAMPLE_SHOP,
    ),
    {
      kind: "welcome",
      to: "a@example.lk",
      language: "en",
      name: "Sunil",
      joinedOrders: 3,
      accountUrl: "https://pothgula.example/account",
    },
  );
  const bad = { v: 1, to: "a@example.lk", language: "en", name: "S", accountUrl: "https://x" };
  assert.equal(readStoredAccountMail("welcome", { ...bad, joinedOrders: -1 }), undefined);
  assert.equal(readStoredAccountMail("email_verification", { ...bad, link: "x" }), undefined);
});
