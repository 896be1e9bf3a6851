import assert from "node:assert/strict";
import { passwordResetMail, registrationAttemptMail } from "./account_mails.ts";
import { SAMPLE_SHOP } from "./testing/samples.ts";

Deno.test("registrationAttemptMail() tells the owner, with links to log in and reset", () => {
  const mail = registrationAttemptMail("nimali@example.lk", SAMPLE_SHOP);
  assert.equal(mail.to, "nimali@example.lk");
  assert.match(mail.subject, /you already have an account/);
  const base = SAMPLE_SHOP.publicUrl.replace(/\/+$/, "");
  assert.ok(mail.text.includes(`${base}/login`));
  assert.ok(mail.text.includes(`${base}/reset-password`));
  assert.ok(mail.html.includes(`href="${base}/login"`));
  assert.match(mail.text, /nothing was changed/);
});

Deno.test("passwordResetMail() carries the link whole and says it lasts one hour", () => {
  const link = "https://pothgula.lk/reset-password?token=abc_DEF-123";
  const mail = passwordResetMail("nimali@example.lk", link, SAMPLE_SHOP);
  assert.ok(mail.text.includes(link));
  assert.ok(mail.html.includes(`href="${link}"`));
  assert.match(mail.text, /within one hour/);
  assert.match(mail.text, /works once/);
});
