import assert from "node:assert/strict";
import {
  chromiumCandidates,
  type ChromiumLaunch,
  launchBrowser,
  npmChromium,
  packageBrowserArgs,
  systemChromium,
} from "./browser.ts";

Deno.test("packageBrowserArgs() drops single-process and the flags that turn web security off", () => {
  const args = packageBrowserArgs([
    "--no-pings",
    "--single-process",
    "--disable-web-security",
    "--allow-running-insecure-content",
    "--disable-site-isolation-trials",
    "--headless='shell'",
    "--no-sandbox",
  ]);
  assert.deepEqual(args.slice(0, 3), ["--no-pings", "--headless='shell'", "--no-sandbox"]);
  assert.ok(!args.includes("--single-process"));
  assert.ok(!args.some((a) => a.includes("web-security") || a.includes("insecure")));
});

Deno.test("packageBrowserArgs() draws in software, not through an emulated GPU, and keeps the zygote", () => {
  const args = packageBrowserArgs([
    "--ignore-gpu-blocklist",
    "--in-process-gpu",
    "--use-gl=angle",
    "--use-angle=swiftshader",
    "--enable-unsafe-swiftshader",
    "--no-zygote",
    "--font-render-hinting=none",
  ]);
  assert.deepEqual(args, [
    "--font-render-hinting=none",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
  ]);
});

Deno.test("the npm package's Chromium is tried first, Debian's after it; CHROME_PATH's alone when set", async () => {
  const candidates = await chromiumCandidates(undefined);
  assert.equal(candidates[0], npmChromium);
  assert.equal(candidates.length, await systemChromium() ? 2 : 1);
  const [only, ...rest] = await chromiumCandidates("/opt/some/chromium");
  assert.deepEqual(rest, []);
  const named = await only();
  assert.deepEqual([named.source, named.executablePath], ["env", "/opt/some/chromium"]);
});

/** A page whose inline script the CSP forbids: it reads "blocked" unless CSP is ignored. */
function servePage(): Deno.HttpServer<Deno.NetAddr> {
  return Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, () =>
    new Response(
      `<!doctype html><title>t</title><p id="out">blocked</p>` +
        `<script>document.getElementById("out").textContent = "ran";</script>`,
      {
        headers: {
          "content-type": "text/html; charset=utf-8",
          "content-security-policy": "default-src 'self'; script-src 'self'",
        },
      },
    ));
}

/**
 * Every browser suite opens and closes many contexts in one browser; each source the
 * suites can use must survive that and keep the page's CSP. The npm package's Chromium is
 * tested on every machine (it needs only npm); Debian's where it is installed.
 */
async function checkManyContexts(launch: ChromiumLaunch): Promise<void> {
  const server = servePage();
  const browser = await launchBrowser(launch);
  try {
    for (let i = 0; i < 5; i++) {
      const context = await browser.newContext({ viewport: { width: 375, height: 700 } });
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${server.addr.port}/?n=${i}`);
      assert.equal(await page.textContent("#out"), "blocked", `context ${i}: CSP was ignored`);
      await context.close();
    }
    assert.ok(browser.isConnected());
  } finally {
    await browser.close();
    await server.shutdown();
  }
}

Deno.test("the npm package's Chromium opens and closes five contexts in a row and keeps CSP", async () => {
  await checkManyContexts(await npmChromium());
});

const system = await systemChromium();
if (system) {
  Deno.test("Debian's Chromium opens and closes five contexts in a row and keeps CSP", async () => {
    await checkManyContexts(system);
  });
}

Deno.test({
  name: "three test files unpacking the npm package's Chromium at once each open it",
  sanitizeResources: false,
  async fn() {
    // A temp folder of their own, where nothing is unpacked yet: the package's folder.
    const tmp = await Deno.makeTempDir({ prefix: "pothgula-chromium-" });
    const child = new URL("./testing/open_npm_chromium.ts", import.meta.url).pathname;
    try {
      const runs = await Promise.all(
        ["a", "b", "c"].map((name) =>
          new Deno.Command(Deno.execPath(), {
            args: ["run", "-A", child, name],
            env: { TMPDIR: tmp },
            stdout: "piped",
            stderr: "piped",
          }).output()
        ),
      );
      const said = runs.map((run) =>
        new TextDecoder().decode(run.stdout).trim() || new TextDecoder().decode(run.stderr)
      );
      // Before the lock, the second and third launched a binary still being written:
      // "Failed to spawn '.../chromium': Text file busy".
      assert.deepEqual(said, ["a ok", "b ok", "c ok"]);
    } finally {
      await Deno.remove(tmp, { recursive: true });
    }
  },
});
