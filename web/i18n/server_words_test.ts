/**
 * The mails' and slips' words live in messages/*.json beside the pages' but never reach
 * the browser: the web build filters them out of the catalogues it bundles.
 */
import assert from "node:assert/strict";
import { ensureBuilt } from "../../scripts/build_web.ts";
import { SERVER_ONLY_WORDS, serverWordsOut } from "../../vite.config.ts";
import { CATALOGUES } from "./mod.ts";

const MESSAGES = new URL("../../messages/", import.meta.url);

type Transform = (code: string, id: string) => { code: string } | null;

Deno.test("serverWordsOut() drops the mail. and slip. words of a catalogue and keeps every other", async () => {
  const transform = serverWordsOut().transform as unknown as Transform;
  for (const language of ["en", "si", "ta"]) {
    const path = new URL(`${language}.json`, MESSAGES).pathname;
    const all = JSON.parse(await Deno.readTextFile(path)) as Record<string, string>;
    const out = transform(JSON.stringify(all), path);
    assert.ok(out, language);
    const kept = JSON.parse(out.code) as Record<string, string>;
    assert.deepEqual(
      kept,
      Object.fromEntries(Object.entries(all).filter(([key]) => !SERVER_ONLY_WORDS.test(key))),
    );
    assert.ok(
      Object.keys(all).some((key) => key.startsWith("mail.")),
      "the catalogue has mail words",
    );
    assert.ok(Object.keys(all).some((key) => key.startsWith("slip.")), "and slip words");
  }
  assert.equal(transform("{}", "/work/web/i18n/mod.ts"), null, "other modules pass untouched");
});

Deno.test("no web bundle carries a mail's or a slip's words, in any language", async () => {
  await ensureBuilt();
  const bundles: string[] = [];
  for (const dir of ["../../dist/client/assets/", "../../dist/server/"]) {
    for await (const entry of Deno.readDir(new URL(dir, import.meta.url))) {
      if (entry.name.endsWith(".js")) {
        bundles.push(await Deno.readTextFile(new URL(dir + entry.name, import.meta.url)));
      }
    }
  }
  const all = bundles.join("\n");
  for (const language of ["en", "si", "ta"] as const) {
    const catalogue = CATALOGUES[language] as Record<string, string>;
    for (const key of ["mail.completed.subject", "mail.reset.body", "slip.title"]) {
      assert.ok(!all.includes(key), `${key} is in a bundle`);
      assert.ok(!all.includes(catalogue[key]), `the ${language} ${key} is in a bundle`);
    }
    assert.ok(all.includes(catalogue["cart.feeLater"]), `the ${language} page words are bundled`);
  }
});
