import assert from "node:assert/strict";
import { ApiFailure } from "../api.ts";
import { loginFailureMessage } from "./login.ts";

Deno.test("loginFailureMessage() says 'Invalid credentials' on 401", () => {
  const failure = new ApiFailure(401, "UNAUTHORIZED", "Invalid credentials");
  assert.equal(loginFailureMessage(failure), "Invalid credentials");
});

Deno.test("loginFailureMessage() says how many minutes to wait on 429", () => {
  const header = new ApiFailure(429, "TOO_MANY_REQUESTS", "Slow down", undefined, 601);
  assert.equal(loginFailureMessage(header), "Too many attempts. Try again in 11 minutes");
  const short = new ApiFailure(429, "TOO_MANY_REQUESTS", "Slow down", undefined, 30);
  assert.equal(loginFailureMessage(short), "Too many attempts. Try again in 1 minute");
  const details = new ApiFailure(429, "TOO_MANY_REQUESTS", "Slow down", { retryAfter: 300 });
  assert.equal(loginFailureMessage(details), "Too many attempts. Try again in 5 minutes");
  const bare = new ApiFailure(429, "TOO_MANY_REQUESTS", "Slow down");
  assert.equal(loginFailureMessage(bare), "Too many attempts. Try again later");
});
