import assert from "node:assert/strict";
import { ApiFailure } from "./api.ts";
import { isRefusedResetLink } from "./reset_link.ts";

Deno.test("isRefusedResetLink() knows the shop's refusal of the link from a refused password", () => {
  const refused = "This link has expired or was already used: ask for a new one";
  assert.equal(
    isRefusedResetLink(
      new ApiFailure(400, "VALIDATION_FAILED", refused, [{ field: "token", message: refused }]),
    ),
    true,
  );
  assert.equal(
    isRefusedResetLink(
      new ApiFailure(400, "VALIDATION_FAILED", "Too short", [{ field: "password", message: "x" }]),
    ),
    false,
  );
  assert.equal(isRefusedResetLink(new ApiFailure(503, "BUSY", "Busy")), false);
  assert.equal(isRefusedResetLink(new TypeError("Failed to fetch")), false);
});
