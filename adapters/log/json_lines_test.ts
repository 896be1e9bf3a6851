import assert from "node:assert/strict";
import { jsonLineLogger, type LineSink } from "./json_lines.ts";

/** A sink that takes at most `chunk` bytes a write, as a pipe may; `writes` holds each write. */
function sink(chunk = Infinity): LineSink & { writes: string[]; text(): string } {
  const writes: string[] = [];
  const bytes: number[] = [];
  return {
    writes,
    text: () => new TextDecoder().decode(new Uint8Array(bytes)),
    writeSync(given) {
      const taken = given.subarray(0, Math.min(given.byteLength, chunk));
      writes.push(new TextDecoder().decode(taken));
      bytes.push(...taken);
      return taken.byteLength;
    },
  };
}

Deno.test("jsonLineLogger() writes the lines of one turn together, one JSON object a line", () => {
  const out = sink();
  const turns: (() => void)[] = [];
  const log = jsonLineLogger(out, sink(), (write) => turns.push(write));
  log.info("request", { path: "/", status: 200 });
  log.info("request", { path: "/books/1", status: 200 });
  assert.equal(out.writes.length, 0, "nothing is written before the turn ends");
  assert.equal(turns.length, 1, "one write is scheduled for the turn");
  turns[0]();
  assert.equal(out.writes.length, 1);
  assert.deepEqual(out.writes[0].trimEnd().split("\n").map((line) => JSON.parse(line)), [
    { level: "info", message: "request", path: "/", status: 200 },
    { level: "info", message: "request", path: "/books/1", status: 200 },
  ]);
  log.info("next");
  assert.equal(turns.length, 2, "the next turn schedules its own write");
});

Deno.test("jsonLineLogger() writes an error at once, after the lines before it", () => {
  const out = sink();
  const err = sink();
  const log = jsonLineLogger(out, err, () => {});
  log.info("request", { status: 500 });
  log.error("Mail outbox round failed", { error: "refused" });
  assert.equal(JSON.parse(out.writes.join("")).status, 500);
  assert.deepEqual(JSON.parse(err.writes.join("")), {
    level: "error",
    message: "Mail outbox round failed",
    error: "refused",
  });
});

Deno.test("jsonLineLogger() writes every byte to a sink that takes a few at a time, and flushes on demand", () => {
  const out = sink(7);
  const log = jsonLineLogger(out, sink(), () => {});
  log.info("සිංහල", { path: "/si/books/1" });
  log.flush();
  log.flush();
  assert.ok(out.writes.length > 5);
  assert.deepEqual(JSON.parse(out.text()), {
    level: "info",
    message: "සිංහල",
    path: "/si/books/1",
  });
});
