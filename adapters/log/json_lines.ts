/**
 * The shop's log: one line of JSON per event, information on standard output and errors on
 * standard error, for whatever collects the process's output.
 *
 * A busy shop logs every request, and a write of its own for each line was a visible part
 * of a page's time (docs/benchmarks.md, item 22). Information lines written in one turn of
 * the event loop go out together in one write when the turn ends; an error goes out at
 * once, after the lines before it. `flush` writes what waits (the shop calls it as it
 * exits, and so does the process's `unload`).
 */
/** Where lines go: Deno.stdout and Deno.stderr fit. */
export interface LineSink {
  writeSync(bytes: Uint8Array): number;
}

/** The shop's Logger (http/middleware/errors.ts), and `flush`. */
export interface JsonLineLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** Writes the information lines that wait for the end of the turn. */
  flush(): void;
}

const UTF8 = new TextEncoder();

function writeAll(sink: LineSink, text: string): void {
  let bytes = UTF8.encode(text);
  while (bytes.byteLength > 0) bytes = bytes.subarray(sink.writeSync(bytes));
}

/**
 * @example
 * const log = jsonLineLogger();
 * log.info("request", { path: "/", status: 200 }); // {"level":"info","message":"request",...}
 */
export function jsonLineLogger(
  out: LineSink = Deno.stdout,
  err: LineSink = Deno.stderr,
  later: (write: () => void) => void = (write) => setTimeout(write, 0),
): JsonLineLogger {
  let waiting = "";
  const flush = () => {
    if (waiting === "") return;
    const text = waiting;
    waiting = "";
    writeAll(out, text);
  };
  return {
    info(message, fields) {
      if (waiting === "") later(flush);
      waiting += `${JSON.stringify({ level: "info", message, ...fields })}\n`;
    },
    error(message, fields) {
      flush();
      writeAll(err, `${JSON.stringify({ level: "error", message, ...fields })}\n`);
    },
    flush,
  };
}
