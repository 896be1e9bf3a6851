/**
 * Lighthouse mobile on the storefront's five phone pages, as issue 50's table reads them:
 * `/`, a book page, `/stationery`, `/cart` and `/checkout` with a filled cart, each run
 * `--runs` times (median kept), with performance, total blocking time, largest paint, layout
 * shift, the first screen's image bytes, accessibility and the host's benchmark index that
 * Lighthouse reports. The full run (`deno task bench`) measures them so on the demo shop as a
 * newcomer starts it (bench/run.ts); this script does it on a shop already running:
 *
 *   deno run -A bench/lighthouse_phone.ts http://localhost:8000 [--runs 3] [--out file.json]
 *     [--empty-cart]   (`/cart` and `/checkout` only, nothing stored: a newcomer's)
 *
 * The cart lives in the browser's localStorage, which Lighthouse clears before a run: the
 * filled pages run on a copy of a profile whose storage holds two lines and the cart's cookie,
 * written from a page that loads no script (so nothing is cached), with Lighthouse's
 * storage reset turned off.
 */
import { CHROME_FLAGS, chromePath } from "./lighthouse.ts";
import { bookCartItem, type Cart } from "../domain/cart/cart.ts";
import { CART_COOKIE, cartCookieValue } from "../domain/cart/cookie.ts";
import { recordFromWireOf } from "../contract/record_wire.ts";
import { BOOK_FIELDS } from "../domain/catalogue/book_record.ts";
import type { WireBook } from "../contract/records.ts";
import { storedLine } from "../web/lib/cart_store.ts";

export interface PhoneRun {
  path: string;
  performance: number;
  tbtMs: number;
  lcpMs: number;
  /** Cumulative layout shift. */
  cls: number;
  /**
   * Bytes of every image the page loaded (412px wide at 1.75x, no scrolling): what the first
   * screen costs in pictures, lazy ones below it excluded.
   */
  imageBytes: number;
  accessibility: number;
  benchmarkIndex: number;
  /** Main-thread time in script evaluation, parse and compile (Lighthouse's 4x slower CPU). */
  scriptingMs: number;
  /** Main-thread time in style, layout, HTML and CSS parsing, painting. */
  renderingMs: number;
  /** The scripts that took main-thread time at load, with their evaluation ms. */
  scripts: Record<string, number>;
  /** Failed accessibility audits' ids (none at 100). */
  accessibilityFailures: string[];
}

interface Report {
  categories: Record<
    string,
    { score: number | null; auditRefs?: { id: string; weight: number }[] }
  >;
  audits: Record<string, {
    numericValue?: number;
    score?: number | null;
    details?: {
      items?: {
        group?: string;
        duration?: number;
        url?: string;
        scripting?: number;
        resourceType?: string;
        transferSize?: number;
      }[];
    };
  }>;
  environment?: { benchmarkIndex?: number };
  runtimeError?: { message: string };
}

/** Main-thread ms of Lighthouse's work groups. */
function groupMs(report: Report, groups: string[]): number {
  const items = report.audits["mainthread-work-breakdown"]?.details?.items ?? [];
  return Math.round(
    items.filter((item) => groups.includes(item.group ?? "")).reduce(
      (sum, item) => sum + (item.duration ?? 0),
      0,
    ),
  );
}

/** A script's file without its hash (`react-ab12.js` is `react`); the page itself by path. */
export function shortName(url: string): string {
  if (!url.startsWith("http")) return url;
  const path = new URL(url).pathname;
  return path.startsWith("/assets/") ? path.slice(8).replace(/-[\w-]{8}\.js$/, "") : path;
}

async function lighthouse(url: string, profile?: string): Promise<PhoneRun> {
  try {
    return await lighthouseOnce(url, profile);
  } catch {
    // Trace recording fails now and then on a busy machine (NO_NAVSTART): one more try.
    return await lighthouseOnce(url, profile);
  }
}

async function lighthouseOnce(url: string, profile?: string): Promise<PhoneRun> {
  const dir = await Deno.makeTempDir({ prefix: "pothgula-lh-phone-" });
  try {
    const flags = [...CHROME_FLAGS, ...(profile ? [`--user-data-dir=${profile}`] : [])];
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        "npm:lighthouse@13",
        url,
        "--output=json",
        `--output-path=${dir}/report.json`,
        "--only-categories=performance,accessibility",
        "--quiet",
        ...(profile ? ["--disable-storage-reset"] : []),
        `--chrome-flags=${flags.join(" ")}`,
      ],
      cwd: dir,
      env: { CHROME_PATH: chromePath(), NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    if (!out.success) throw new Error(new TextDecoder().decode(out.stderr).slice(-800));
    const report = JSON.parse(await Deno.readTextFile(`${dir}/report.json`)) as Report;
    if (report.runtimeError) throw new Error(report.runtimeError.message);
    const audit = (id: string) => Math.round(report.audits[id]?.numericValue ?? NaN);
    return {
      path: new URL(url).pathname,
      performance: Math.round((report.categories.performance.score ?? 0) * 100),
      tbtMs: audit("total-blocking-time"),
      lcpMs: audit("largest-contentful-paint"),
      cls: Math.round((report.audits["cumulative-layout-shift"]?.numericValue ?? NaN) * 1000) /
        1000,
      imageBytes: (report.audits["network-requests"]?.details?.items ?? [])
        .filter((item) => item.resourceType === "Image")
        .reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      accessibility: Math.round((report.categories.accessibility.score ?? 0) * 100),
      benchmarkIndex: Math.round(report.environment?.benchmarkIndex ?? NaN),
      scriptingMs: groupMs(report, ["scriptEvaluation", "scriptParseCompile"]),
      renderingMs: groupMs(report, ["styleLayout", "parseHTML", "paintCompositeRender"]),
      scripts: Object.fromEntries(
        (report.audits["bootup-time"]?.details?.items ?? [])
          .filter((item) => (item.scripting ?? 0) >= 1)
          .map((item) => [shortName(item.url ?? ""), Math.round(item.scripting ?? 0)]),
      ),
      accessibilityFailures: (report.categories.accessibility.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && report.audits[ref.id]?.score === 0)
        .map((ref) => ref.id),
    };
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

/**
 * A browser profile whose localStorage for `base` holds a cart of two books as the shop's
 * pages store it (each book as the API answers it), with the cart's cookie beside it
 * (domain/cart/cookie.ts), from which the shop draws the cart page.
 */
async function filledProfile(base: string): Promise<string> {
  const listed = await (await fetch(`${base}/api/books?limit=2`)).json() as {
    data: { id: number }[];
  };
  // Each book as its own page's API answers it, which the cart page reads too.
  const cart: Cart = await Promise.all(
    listed.data.slice(0, 2).map(async ({ id }) => {
      const book = await (await fetch(`${base}/api/books/${id}`)).json() as { data: WireBook };
      return { ...bookCartItem(recordFromWireOf(BOOK_FIELDS)(book.data)), quantity: 1 };
    }),
  );
  const lines = cart.map(storedLine);
  const profile = await Deno.makeTempDir({ prefix: "pothgula-lh-profile-" });
  // Loaded here: the browser's driver reads the machine at import, which the fast tier's
  // tests of this file's figures may not.
  const { chromium } = await import("playwright-core");
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromePath(),
    headless: true,
    args: ["--no-sandbox"],
  });
  const page = await context.newPage();
  // A page of the shop's origin that runs no script: nothing lands in the cache.
  await page.goto(`${base}/robots.txt`);
  await page.evaluate((json) => localStorage.setItem("cart", json), JSON.stringify(lines));
  await context.addCookies([{
    name: CART_COOKIE,
    value: cartCookieValue(cart, false) ?? "",
    url: base,
    // Lasting, as the shop writes it: a session cookie would not be kept in the profile.
    expires: Math.floor(Date.now() / 1000) + 86_400,
  }]);
  await context.close();
  return profile;
}

async function copyOf(profile: string): Promise<string> {
  const copy = await Deno.makeTempDir({ prefix: "pothgula-lh-copy-" });
  const cp = await new Deno.Command("cp", { args: ["-a", `${profile}/.`, copy] }).output();
  if (!cp.success) throw new Error("could not copy the browser profile");
  return copy;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Every phone page's runs, in the pages' order; each run is told to `log` as it ends. With
 * `emptyCart`, `/cart` and `/checkout` only, as a newcomer opens them (nothing stored).
 */
export async function measurePhonePages(
  base: string,
  runs: number,
  log: (line: string) => void = console.error,
  { emptyCart = false }: { emptyCart?: boolean } = {},
): Promise<PhoneRun[][]> {
  const books = await (await fetch(`${base}/api/books?limit=1`)).json() as {
    data: { id: number }[];
  };
  const paths = emptyCart
    ? ["/cart", "/checkout"]
    : ["/", `/books/${books.data[0].id}`, "/stationery", "/cart", "/checkout"];
  // Nothing stored for a newcomer's pages: no profile to fill.
  const profile = emptyCart ? undefined : await filledProfile(base);
  const all: PhoneRun[][] = [];
  try {
    for (const path of paths) {
      const filled = path === "/cart" || path === "/checkout";
      const page: PhoneRun[] = [];
      for (let run = 0; run < runs; run++) {
        const copy = filled && profile ? await copyOf(profile) : undefined;
        try {
          page.push(await lighthouse(base + path, copy));
        } finally {
          if (copy) await Deno.remove(copy, { recursive: true }).catch(() => {});
        }
        log(JSON.stringify(page.at(-1)));
      }
      all.push(page);
    }
  } finally {
    if (profile) await Deno.remove(profile, { recursive: true }).catch(() => {});
  }
  return all;
}

/** A page as the full run reports it: its medians, and the host's index in each run. */
export type PhonePageResult = Omit<PhoneRun, "scripts" | "benchmarkIndex"> & {
  runs: number;
  benchmarkIndexes: number[];
};

export function phonePageResult(runs: PhoneRun[]): PhonePageResult {
  const { scripts: _, benchmarkIndex: __, ...figures } = medians(runs);
  return { ...figures, runs: runs.length, benchmarkIndexes: runs.map((r) => r.benchmarkIndex) };
}

/** The median of each figure over a page's runs. */
export function medians(runs: PhoneRun[]): PhoneRun {
  return {
    path: runs[0].path,
    performance: median(runs.map((r) => r.performance)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    cls: median(runs.map((r) => r.cls)),
    imageBytes: median(runs.map((r) => r.imageBytes)),
    accessibility: median(runs.map((r) => r.accessibility)),
    benchmarkIndex: median(runs.map((r) => r.benchmarkIndex)),
    scriptingMs: median(runs.map((r) => r.scriptingMs)),
    renderingMs: median(runs.map((r) => r.renderingMs)),
    scripts: runs[Math.floor(runs.length / 2)].scripts,
    accessibilityFailures: [...new Set(runs.flatMap((r) => r.accessibilityFailures))],
  };
}

if (import.meta.main) {
  const base = Deno.args.find((a) => !a.startsWith("--")) ?? "http://localhost:8000";
  const flag = (name: string) => {
    const at = Deno.args.indexOf(name);
    return at >= 0 ? Deno.args[at + 1] : undefined;
  };
  const runs = Number(flag("--runs") ?? 3);
  const all = await measurePhonePages(base, runs, console.error, {
    emptyCart: Deno.args.includes("--empty-cart"),
  });
  const out = flag("--out");
  if (out) await Deno.writeTextFile(out, JSON.stringify(all, null, 2));
  console.log(
    "| page | performance | TBT ms | LCP ms | accessibility | scripting ms | rendering ms | benchmark index |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const runsOfPage of all) {
    const m = medians(runsOfPage);
    const index = runsOfPage.map((r) => r.benchmarkIndex).join(", ");
    console.log(
      `| \`${m.path}\` | ${m.performance} | ${m.tbtMs} | ${m.lcpMs} | ${m.accessibility} | ` +
        `${m.scriptingMs} | ${m.renderingMs} | ${index} |`,
    );
    console.log(`  scripts: ${JSON.stringify(m.scripts)} ${m.accessibilityFailures.join(" ")}`);
  }
}
