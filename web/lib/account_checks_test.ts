import assert from "node:assert/strict";
import {
  validateLogin,
  validateNewPassword,
  validatePasswordChange,
  validateRegistration,
  validateResetEmail,
} from "./account_checks.ts";

const TOKEN = "a".repeat(40);

Deno.test("validateRegistration() words each field's refusal by the API's rules", () => {
  assert.deepEqual(
    validateRegistration({
      username: "Nimali",
      email: "nimali@example.lk",
      password: "long enough",
    }),
    {},
  );
  assert.deepEqual(validateRegistration({ username: " ", email: "", password: "" }), {
    username: "form.enterName",
    email: "form.enterEmail",
    password: "form.choosePassword",
  });
  assert.deepEqual(
    validateRegistration({ username: "n".repeat(61), email: "nimali@", password: "short" }),
    { username: "form.nameLong", email: "form.emailInvalid", password: "form.passwordShort" },
  );
  assert.equal(
    validateRegistration({ username: "N", email: "n@example.lk", password: "p".repeat(201) })
      .password,
    "form.passwordLong",
  );
});

Deno.test("validateLogin() asks for both fields; a password of spaces is a password", () => {
  assert.deepEqual(validateLogin({ email: "", password: "" }), {
    email: "form.enterEmail",
    password: "form.enterPassword",
  });
  assert.deepEqual(validateLogin({ email: "nimali@example.lk", password: "   " }), {});
});

Deno.test("validatePasswordChange() and a reset hold a new password to 8 to 200 characters", () => {
  assert.deepEqual(validatePasswordChange({ current: "", next: "short" }), {
    current: "form.enterCurrentPassword",
    next: "form.passwordShort",
  });
  assert.deepEqual(validatePasswordChange({ current: "old one", next: "long enough" }), {});
  assert.equal(validateNewPassword(TOKEN, ""), "form.passwordShort");
  assert.equal(validateNewPassword(TOKEN, "x".repeat(201)), "form.passwordLong");
  assert.equal(validateNewPassword(TOKEN, "long enough"), undefined);
  assert.equal(validateResetEmail(" "), "form.enterEmail");
  assert.equal(validateResetEmail("nimali@example.lk"), undefined);
});
