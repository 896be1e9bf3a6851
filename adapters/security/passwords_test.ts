import assert from "node:assert/strict";
import { generatePassword } from "./passwords.ts";

Deno.test("generatePassword() gives 20 unambiguous characters, different each time", () => {
  const passwords = Array.from({ length: 50 }, () => generatePassword());
  for (const password of passwords) assert.match(password, /^[A-HJ-NP-Za-km-z2-9]{20}$/);
  assert.equal(new Set(passwords).size, 50);
});
