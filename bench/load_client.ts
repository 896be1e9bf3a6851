/**
 * The load client used when wrk is absent: `connections` loops of fetch over loopback,
 * in its own process, printing the same `BENCH_RESULT {...}` line as bench/lua/requests.lua.
 *
 * Usage: deno run --allow-net --allow-read bench/load_client.ts '<json options>'
 */

interface ClientOptions {
  baseUrl: string;
  requestsFile: string;
  connections: number;
  durationSeconds: number;
  /** Bound per thread, as with wrk: the whole run stops at threads x this. */
  maxRequestsPerThread: number;
  threads: number;
  /** Each connection's pause between its requests, in ms (0 or absent: none). */
  pauseMs?: number;
}

interface ParsedRequest {
  method: string;
  path: string;
  body?: string;
  clientAddress?: string;
}

/** The value at quantile `q` (0..1) of sorted numbers. */
export function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index];
}

function parseRequests(text: string): ParsedRequest[] {
  return text.split("\n").filter((l) => l !== "").map((line) => {
    const [method, path, body, clientAddress] = line.split("\t");
    return {
      method,
      path,
      body: body ? body : undefined,
      clientAddress: clientAddress ? clientAddress : undefined,
    };
  });
}

async function main(options: ClientOptions): Promise<void> {
  const requests = parseRequests(await Deno.readTextFile(options.requestsFile));
  const limit = options.maxRequestsPerThread > 0
    ? options.maxRequestsPerThread * options.threads
    : Infinity;
  const deadline = performance.now() + options.durationSeconds * 1000;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let started = 0;
  let bytes = 0;
  let socketErrors = 0;
  const begin = performance.now();

  async function worker(offset: number): Promise<void> {
    let position = offset;
    while (performance.now() < deadline && started < limit) {
      started++;
      const request = requests[position++ % requests.length];
      const t0 = performance.now();
      try {
        const response = await fetch(options.baseUrl + request.path, {
          method: request.method,
          body: request.body,
          headers: {
            // What Chrome and Firefox send, as bench/lua/requests.lua does.
            "Accept-Encoding": "gzip, deflate, br, zstd",
            ...(request.body ? { "Content-Type": "application/json" } : {}),
            ...(request.clientAddress ? { "X-Forwarded-For": request.clientAddress } : {}),
          },
        });
        bytes += (await response.arrayBuffer()).byteLength;
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        latencies.push(performance.now() - t0);
      } catch {
        socketErrors++;
      }
      if (options.pauseMs) await new Promise((done) => setTimeout(done, options.pauseMs));
    }
  }

  await Promise.all(
    Array.from({ length: options.connections }, (_, i) => worker(i * 7919)),
  );
  const micros = Math.round((performance.now() - begin) * 1000);
  latencies.sort((a, b) => a - b);
  const us = (q: number) => Math.round(percentile(latencies, q) * 1000);
  console.log(`BENCH_RESULT ${
    JSON.stringify({
      requests: latencies.length,
      micros,
      bytes,
      p50: us(0.5),
      p95: us(0.95),
      p99: us(0.99),
      max: us(1),
      socketErrors,
      statuses,
    })
  }`);
}

if (import.meta.main) await main(JSON.parse(Deno.args[0]) as ClientOptions);
