/**
 * Load from a second process on loopback: wrk with bench/lua/requests.lua when it is
 * installed, else the Deno client of bench/load_client.ts. Both print the same
 * `BENCH_RESULT {...}` line, read here into a LoadResult.
 */

export interface LoadRequest {
  method: "GET" | "POST";
  /** Path and query, e.g. `/api/books?page=1`. */
  path: string;
  /** A JSON body (no tabs or newlines: one request a line). */
  body?: string;
  /**
   * The shopper's own address, sent as `X-Forwarded-For` (the bench's shop trusts the
   * loopback as its proxy): orders come from many shoppers, not all from 127.0.0.1.
   */
  clientAddress?: string;
}

export interface LoadOptions {
  baseUrl: string;
  /** Replayed round robin. */
  requests: LoadRequest[];
  connections: number;
  durationSeconds: number;
  /** An upper bound on requests per load thread; 0 for none. */
  maxRequestsPerThread: number;
  /** Load threads (wrk -t); at most `connections`. */
  threads: number;
  /**
   * A pause of each connection between its requests, in ms: a paced load, as shoppers who
   * read a page before the next, rather than as many requests as the server can take.
   */
  pauseMs?: number;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Connect, read, write and timeout errors. */
  socketErrors: number;
  /** Responses by HTTP status. */
  statuses: Record<string, number>;
  bytes: number;
  tool: "wrk" | "deno";
}

const WRK = "/usr/bin/wrk";
const LUA = decodeURIComponent(new URL("./lua/requests.lua", import.meta.url).pathname);
const CLIENT = decodeURIComponent(new URL("./load_client.ts", import.meta.url).pathname);

interface RawResult {
  requests: number;
  micros: number;
  bytes: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  socketErrors: number;
  statuses: Record<string, number>;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Reads the `BENCH_RESULT {...}` line of a load run's output. */
export function parseLoadOutput(output: string, tool: LoadResult["tool"]): LoadResult {
  const line = output.split("\n").find((l) => l.startsWith("BENCH_RESULT "));
  if (!line) throw new Error(`The load run printed no result:\n${output.slice(-2000)}`);
  const raw = JSON.parse(line.slice("BENCH_RESULT ".length)) as RawResult;
  const seconds = raw.micros / 1e6;
  return {
    requests: raw.requests,
    seconds: round2(seconds),
    requestsPerSecond: seconds > 0 ? Math.round(raw.requests / seconds) : 0,
    p50Ms: round2(raw.p50 / 1000),
    p95Ms: round2(raw.p95 / 1000),
    p99Ms: round2(raw.p99 / 1000),
    maxMs: round2(raw.max / 1000),
    socketErrors: raw.socketErrors,
    statuses: raw.statuses,
    bytes: raw.bytes,
    tool,
  };
}

/** One request a line: METHOD, path, body and client address separated by tabs. */
export function requestLines(requests: LoadRequest[]): string {
  return requests.map((r) => {
    if (/[\t\n]/.test(r.path + (r.body ?? "") + (r.clientAddress ?? ""))) {
      throw new Error(`A load request may hold no tab or newline: "${r.path}"`);
    }
    return `${r.method}\t${r.path}\t${r.body ?? ""}\t${r.clientAddress ?? ""}`;
  }).join("\n") + "\n";
}

/** Whether wrk is installed (Debian's package `wrk`; a fresh machine has none). */
export async function wrkInstalled(): Promise<boolean> {
  try {
    return (await Deno.stat(WRK)).isFile;
  } catch {
    return false;
  }
}

async function hasWrk(): Promise<boolean> {
  if (Deno.env.get("BENCH_LOAD_CLIENT") === "deno") return false;
  return await wrkInstalled();
}

/** Runs one load and returns its figures. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const file = await Deno.makeTempFile({ prefix: "pothgula-load-", suffix: ".tsv" });
  try {
    await Deno.writeTextFile(file, requestLines(options.requests));
    const threads = Math.max(1, Math.min(options.threads, options.connections));
    const useWrk = await hasWrk();
    const command = useWrk
      ? new Deno.Command(WRK, {
        args: [
          `-t${threads}`,
          `-c${options.connections}`,
          `-d${options.durationSeconds}s`,
          "--timeout",
          "10s",
          "-s",
          LUA,
          options.baseUrl,
        ],
        env: {
          BENCH_REQUESTS: file,
          BENCH_MAX_REQUESTS: String(options.maxRequestsPerThread),
          BENCH_PAUSE_MS: String(options.pauseMs ?? 0),
        },
        stdout: "piped",
        stderr: "piped",
      })
      : new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "--allow-net",
          "--allow-read",
          CLIENT,
          JSON.stringify({ ...options, requests: undefined, threads, requestsFile: file }),
        ],
        stdout: "piped",
        stderr: "piped",
      });
    const out = await command.output();
    const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
    if (!out.success) throw new Error(`The load run failed:\n${text.slice(-2000)}`);
    return parseLoadOutput(text, useWrk ? "wrk" : "deno");
  } finally {
    await Deno.remove(file).catch(() => {});
  }
}
