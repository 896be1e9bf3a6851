import assert from "node:assert/strict";
import {
  DEFAULT_RESTART_POLICY,
  healthUrl,
  restartDecision,
  restartPolicyOf,
  supervise,
  type SuperviseOptions,
} from "./supervise.ts";

Deno.test("restartDecision() restarts with a growing wait, up to maxRestarts crashes within the window", () => {
  const policy = { maxRestarts: 3, windowMs: 60_000, delaysMs: [100, 200] };
  assert.deepEqual(restartDecision([0], 0, policy), { kind: "restart", delayMs: 100, restart: 1 });
  assert.deepEqual(restartDecision([0, 10], 10, policy), {
    kind: "restart",
    delayMs: 200,
    restart: 2,
  });
  assert.deepEqual(restartDecision([0, 10, 20], 20, policy), {
    kind: "restart",
    delayMs: 200,
    restart: 3,
  });
  assert.deepEqual(restartDecision([0, 10, 20, 30], 30, policy), { kind: "give_up", crashes: 4 });
  // Crashes older than the window no longer count.
  assert.deepEqual(restartDecision([0, 10, 20, 70_000], 70_000, policy), {
    kind: "restart",
    delayMs: 100,
    restart: 1,
  });
});

Deno.test("SHOP_RESTARTS is COUNT/SECONDS, 0 for no supervisor, and the default 5 in 300 s", () => {
  assert.deepEqual(restartPolicyOf(undefined), DEFAULT_RESTART_POLICY);
  assert.equal(DEFAULT_RESTART_POLICY.maxRestarts, 5);
  assert.equal(DEFAULT_RESTART_POLICY.windowMs, 300_000);
  assert.equal(restartPolicyOf("0"), null);
  assert.deepEqual(restartPolicyOf("3/60"), {
    ...DEFAULT_RESTART_POLICY,
    maxRestarts: 3,
    windowMs: 60_000,
  });
  for (const bad of ["5", "five/300", "0/300", "5/0", "-1/300", "5/300/1"]) {
    assert.equal(restartPolicyOf(bad), undefined, bad);
  }
});

/** A free loopback port. */
function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

/**
 * A stand-in for the shop: counts its starts, answers /healthz on PORT (or never listens),
 * and once it has been seen open, ends as told.
 */
async function fakeShop(ending: "crash" | "close" | "never_opens") {
  const dir = await Deno.makeTempDir({ prefix: "pothgula-supervise-" });
  const script = `${dir}/shop.ts`;
  const end = ending === "close" ? 0 : 3;
  const serve = ending === "never_opens"
    ? "Deno.exit(1);"
    : `const listener = Deno.listen({ hostname: "127.0.0.1", port: Number(Deno.env.get("PORT")) });
for await (const conn of listener) {
  // The answer is written whole and the connection closed from this side; the shop ends once
  // the caller has read it and closed its side too, so the answer was seen before the end.
  await conn.read(new Uint8Array(4096));
  const body = "ok";
  const answer = \`HTTP/1.1 200 OK\\r\\ncontent-length: \${body.length}\\r\\nconnection: close\\r\\n\\r\\n\${body}\`;
  await conn.write(new TextEncoder().encode(answer));
  await conn.closeWrite();
  while ((await conn.read(new Uint8Array(64))) !== null) { /* until the caller closes */ }
  Deno.exit(${end});
}`;
  await Deno.writeTextFile(
    script,
    `const file = ${JSON.stringify(`${dir}/starts`)};
const starts = Number(await Deno.readTextFile(file).catch(() => "0")) + 1;
await Deno.writeTextFile(file, String(starts));
${serve}
`,
  );
  const lines: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
  const options: SuperviseOptions = {
    args: ["run", "--allow-read", "--allow-write", "--allow-net", "--allow-env", script],
    cwd: dir,
    env: { NO_COLOR: "1", PORT: String(freePort()) },
    policy: { maxRestarts: 2, windowMs: 60_000, delaysMs: [0] },
    log: (level, message, fields) => lines.push({ level, message, fields }),
  };
  return {
    options,
    lines,
    starts: async () => Number(await Deno.readTextFile(`${dir}/starts`)),
    remove: () => Deno.remove(dir, { recursive: true }),
  };
}

Deno.test("a shop that crashes after opening is restarted, at most maxRestarts times, each said in the log", async () => {
  const shop = await fakeShop("crash");
  try {
    assert.equal(await supervise(shop.options), 1);
    assert.equal(await shop.starts(), 3, "the first start and two restarts");
    const restarts = shop.lines.filter((l) =>
      l.message === "The shop stopped unexpectedly: restarting it"
    );
    assert.deepEqual(restarts.map((l) => [l.fields?.exitCode, l.fields?.restart]), [[3, 1], [
      3,
      2,
    ]]);
    assert.deepEqual(
      shop.lines.at(-1)?.message,
      "The shop stopped unexpectedly 3 times within 60 s: not restarting it again",
    );
    assert.equal(
      shop.lines.filter((l) => l.message === "The supervisor started the shop").length,
      3,
    );
  } finally {
    await shop.remove();
  }
});

Deno.test("a shop that never opened is not restarted: its exit code is the supervisor's", async () => {
  const shop = await fakeShop("never_opens");
  try {
    assert.equal(await supervise(shop.options), 1);
    assert.equal(await shop.starts(), 1);
    assert.equal(
      shop.lines.at(-1)?.message,
      "The shop stopped before it opened: not restarting it",
    );
  } finally {
    await shop.remove();
  }
});

Deno.test("a shop that closed cleanly (exit 0) is not restarted", async () => {
  const shop = await fakeShop("close");
  try {
    assert.equal(await supervise(shop.options), 0);
    assert.equal(await shop.starts(), 1);
  } finally {
    await shop.remove();
  }
});

Deno.test("the supervisor knows the shop opened from its /healthz, on its HOST and PORT", () => {
  assert.equal(healthUrl({}), "http://127.0.0.1:8000/healthz");
  assert.equal(healthUrl({ PORT: "9000", HOST: "0.0.0.0" }), "http://127.0.0.1:9000/healthz");
  assert.equal(healthUrl({ PORT: "9000", HOST: "10.0.0.5" }), "http://10.0.0.5:9000/healthz");
  assert.equal(healthUrl({ HOST: "::1" }), "http://[::1]:8000/healthz");
});
