import assert from "node:assert/strict";
import fc from "fast-check";
import {
  allows,
  DEFAULT_SETTINGS,
  messageLimitsOf,
  SETTING_NAMES,
  SETTINGS,
  settingsOf,
} from "./settings.ts";
import { DEFAULT_MESSAGE_LIMITS } from "../notifications/message_budget.ts";

Deno.test("the settings before any change are the declared defaults, the message budgets' among them", () => {
  assert.deepEqual(settingsOf([]), DEFAULT_SETTINGS);
  assert.deepEqual(messageLimitsOf(DEFAULT_SETTINGS), DEFAULT_MESSAGE_LIMITS);
  assert.equal(DEFAULT_SETTINGS.staffContactsInLists, false);
  assert.equal(DEFAULT_SETTINGS.staffOrderDetails, true);
});

Deno.test("a stored row is read when its setting allows it, and left aside otherwise", () => {
  const settings = settingsOf([
    { name: "textsPerDay", value: 50 },
    { name: "mailsPerAddress", value: 0 },
    { name: "textsPerPhone", value: 2.5 },
    { name: "staffContactsInLists", value: "yes" },
    { name: "gone", value: 1 },
  ]);
  assert.equal(settings.textsPerDay, 50);
  assert.equal(settings.mailsPerAddress, DEFAULT_SETTINGS.mailsPerAddress);
  assert.equal(settings.textsPerPhone, DEFAULT_SETTINGS.textsPerPhone);
  assert.equal(settings.staffContactsInLists, false);
  assert.equal("gone" in settings, false);
});

Deno.test("every value a setting allows is read back as stored, every other is the default", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...SETTING_NAMES),
      fc.oneof(fc.integer({ min: -10, max: 200_000 }), fc.boolean(), fc.double(), fc.string()),
      (name, value) => {
        const read = settingsOf([{ name, value }])[name];
        return allows(name, value) ? read === value : read === SETTINGS[name].default;
      },
    ),
  );
});
