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

/** Peak resident memory (VmHWM) of a process in kB, from /proc; undefined when gone. */
export async function peakMemoryKb(pid: number): Promise<number | undefined> {
  const status = await readOr(`/proc/${pid}/status`, "");
  const match = /^VmHWM:\s*(\d+)\s*kB$/m.exec(status);
  return match ? Number(match[1]) : undefined;
}
