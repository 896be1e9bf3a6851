/**
 * A Lighthouse mobile run (Lighthouse's default form factor and throttling) of a page,
 * with the system's Chromium, read into the four figures the shop tracks.
 */

export interface LighthouseResult {
  path: string;
  /** 0..100 */
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /**
   * Bytes of every image the page loaded in Lighthouse's mobile run (412px wide at 1.75x,
   * no scrolling): what the first screen costs in pictures, lazy ones below it excluded.
   */
  imageBytes: number;
}

/** How Lighthouse starts Chromium: headless, quiet, with nothing of its own on the network. */
export const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

interface LighthouseReport {
  categories: { performance: { score: number | null } };
  audits: Record<string, {
    numericValue?: number;
    details?: { items?: { resourceType?: string; transferSize?: number }[] };
  }>;
  runtimeError?: { message: string };
}

/** The figures of a Lighthouse JSON report. */
export function readLighthouseReport(path: string, report: LighthouseReport): LighthouseResult {
  if (report.runtimeError) throw new Error(`Lighthouse: ${report.runtimeError.message}`);
  const audit = (id: string) => report.audits[id]?.numericValue ?? NaN;
  return {
    path,
    performance: Math.round((report.categories.performance.score ?? 0) * 100),
    lcpMs: Math.round(audit("largest-contentful-paint")),
    tbtMs: Math.round(audit("total-blocking-time")),
    cls: Math.round(audit("cumulative-layout-shift") * 1000) / 1000,
    imageBytes: (report.audits["network-requests"]?.details?.items ?? [])
      .filter((item) => item.resourceType === "Image")
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
  };
}

/** The Chromium Lighthouse drives: CHROME_PATH, else Debian's. */
export function chromePath(): string {
  return Deno.env.get("CHROME_PATH") ?? "/usr/bin/chromium";
}

/**
 * Runs `deno run -A npm:lighthouse@13` on one page, from a scratch folder so that its
 * packages stay out of the project's lock file.
 */
export async function runLighthouse(baseUrl: string, path: string): Promise<LighthouseResult> {
  try {
    return await runLighthouseOnce(baseUrl, path);
  } catch {
    // Trace recording fails now and then on a busy machine (NO_NAVSTART): one more try.
    return await runLighthouseOnce(baseUrl, path);
  }
}

async function runLighthouseOnce(baseUrl: string, path: string): Promise<LighthouseResult> {
  const dir = await Deno.makeTempDir({ prefix: "pothgula-lighthouse-" });
  try {
    const output = `${dir}/report.json`;
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        "npm:lighthouse@13",
        baseUrl + path,
        "--output=json",
        `--output-path=${output}`,
        "--only-categories=performance",
        "--quiet",
        `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
      ],
      cwd: dir,
      env: { CHROME_PATH: chromePath(), NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    if (!out.success) {
      const text = new TextDecoder().decode(out.stderr) + new TextDecoder().decode(out.stdout);
      throw new Error(`Lighthouse failed on ${path}: ${text.trim().slice(-1000)}`);
    }
    return readLighthouseReport(path, JSON.parse(await Deno.readTextFile(output)));
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}
