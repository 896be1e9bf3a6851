/**
 * Opens the npm package's Chromium (unpacking it first when this is the first to ask) and
 * prints what a page says: `deno run -A open_npm_chromium.ts NAME` prints `NAME ok`.
 */
import { launchBrowser, npmChromium } from "../browser.ts";

const browser = await launchBrowser(await npmChromium());
try {
  const page = await browser.newPage();
  await page.setContent("<p>ok</p>");
  console.log(`${Deno.args[0]} ${await page.textContent("p")}`);
} finally {
  await browser.close();
}
