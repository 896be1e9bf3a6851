import assert from "node:assert/strict";
import { nodeEnvFor } from "./node_env.ts";

Deno.test("the shop renders with React's production build unless it is started for development", () => {
  assert.equal(nodeEnvFor([], undefined), "production");
  assert.equal(nodeEnvFor(["--dev"], undefined), "development");
});

Deno.test("a NODE_ENV set in the environment is kept", () => {
  assert.equal(nodeEnvFor([], "development"), "development");
  assert.equal(nodeEnvFor(["--dev"], "production"), "production");
});
