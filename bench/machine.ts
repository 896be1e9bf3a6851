/** What the figures were measured on: they mean little without it. */

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  os: string;
  deno: string;
  v8: string;
  /** 1, 5 and 15 minute load averages when the run began: other work skews every figure. */
  loadAverage: number[];
}

/** The first `model name` of /proc/cpuinfo, or "unknown". */
export function cpuModelOf(cpuinfo: string): string {
  const match = /^model name\s*:\s*(.+)$/m.exec(cpuinfo);
  return match ? match[1].trim() : "unknown";
}

async function readOr(path: string, fallback: string): Promise<string> {
  try {
    return await Deno.readTextFile(path);
  } catch {
    return fallback;
  }
}

/** This machine: processors, CPU model, memory, kernel and Deno's versions. */
export async function describeMachine(): Promise<Machine> {
  return {
    cpus: navigator.hardwareConcurrency,
    cpuModel: cpuModelOf(await readOr("/proc/cpuinfo", "")),
    memoryGb: Math.round(Deno.systemMemoryInfo().total / 2 ** 30 * 10) / 10,
    os: `${Deno.build.os} ${Deno.osRelease()} ${Deno.build.arch}`,
    deno: Deno.version.deno,
    v8: Deno.version.v8,
    loadAverage: Deno.loadavg().map((n) => Math.round(n * 100) / 100),
  };
}

/**
 * User and system CPU seconds of a process so far, from the text of `/proc/{pid}/stat`:
 * its 14th and 15th fields, in clock ticks (100 a second on Linux). The name (2nd field)
 * may hold spaces and parentheses, so the fields are counted after its last `)`.
 */
export function cpuSecondsOf(stat: string, ticksPerSecond = 100): number | undefined {
  const close = stat.lastIndexOf(")");
  if (close < 0) return undefined;
  const fields = stat.slice(close + 2).split(" ");
  // fields[0] is the 3rd field (state); utime and stime are the 14th and 15th.
  const user = Number(fields[11]);
  const system = Number(fields[12]);
  if (!Number.isFinite(user) || !Number.isFinite(system)) return undefined;
  return (user + system) / ticksPerSecond;
}

/** CPU seconds a process has used so far, or undefined where /proc cannot tell. */
export async function cpuSeconds(pid: number): Promise<number | undefined> {
  return cpuSecondsOf(await readOr(`/proc/${pid}/stat`, ""));
}

/** Peak resident memory (VmHWM) of a process in kB, from /proc; undefined when gone. */
export async function peakMemoryKb(pid: number): Promise<number | undefined> {
  const status = await readOr(`/proc/${pid}/status`, "");
  const match = /^VmHWM:\s*(\d+)\s*kB$/m.exec(status);
  return match ? Number(match[1]) : undefined;
}
