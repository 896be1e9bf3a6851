/** The command line of `deno task bench`. */
import type { RunOptions } from "./run.ts";

export interface BenchFlags {
  options: Omit<RunOptions, "outDir" | "log">;
  writeDocs: boolean;
}

function positiveInteger(name: string, text: string | undefined): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new Error(`${name} needs a positive whole number, not "${text ?? ""}"`);
  }
  return value;
}

/** Reads the command line into run options; unknown flags are refused. */
export function parseBenchFlags(args: string[]): BenchFlags {
  const quick = args.includes("--quick");
  const options: BenchFlags["options"] = {
    mode: quick ? "quick" : "full",
    books: quick ? 2000 : 100_000,
    durationSeconds: quick ? 1 : 10,
    // The quick run checks that every scenario runs and reports: a short warm-up will do.
    warmupRequests: quick ? 100 : 0,
    connections: quick ? 8 : 32,
    orderConnections: quick ? 8 : 32,
    lighthouse: !quick,
    lighthouseRuns: 3,
    startup: !quick,
    campaigns: 1000,
  };
  let writeDocs = !quick;
  for (let i = 0; i < args.length; i++) {
    const flag = args[i];
    const next = () => args[++i];
    switch (flag) {
      case "--quick":
        break;
      case "--books":
        options.books = positiveInteger(flag, next());
        break;
      case "--duration":
        options.durationSeconds = positiveInteger(flag, next());
        break;
      case "--connections":
        options.connections = positiveInteger(flag, next());
        break;
      case "--order-connections":
        options.orderConnections = positiveInteger(flag, next());
        break;
      case "--campaigns": {
        const text = next();
        options.campaigns = text === "0" ? 0 : positiveInteger(flag, text);
        break;
      }
      case "--no-lighthouse":
        options.lighthouse = false;
        break;
      case "--lighthouse-runs":
        options.lighthouseRuns = positiveInteger(flag, next());
        break;
      case "--no-startup":
        options.startup = false;
        break;
      case "--no-docs":
        writeDocs = false;
        break;
      case "--only": {
        const ids = (next() ?? "").split(",").map((id) => id.trim()).filter(Boolean);
        if (ids.length === 0) throw new Error("--only needs scenario ids, as in --only orders");
        options.only = ids;
        // Some scenarios only: the results section would lose the others.
        writeDocs = false;
        break;
      }
      default:
        throw new Error(`Unknown flag "${flag}"`);
    }
  }
  return { options, writeDocs };
}
