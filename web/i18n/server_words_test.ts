/**
 * The mails' and slips' words live in messages/*.json beside the pages' but never reach
 * the browser, and the pages' words reach it only with the page whose islands use them
 * (page_words.ts): the browser's code bundles no catalogue.
 */
import assert from "node:assert/strict";
import { ensureBuilt } from "../../scripts/build_web.ts";
import { BROWSERLESS_WORDS, SERVER_ONLY_WORDS, serverWordsOut } from "../../vite.config.ts";
import en from "../../messages/en.json" with { type: "json" };
import si from "../../messages/si.json" with { type: "json" };
import ta from "../../messages/ta.json" with { type: "json" };

const CATALOGUES = { en, si, ta };

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

Deno.test("no storefront bundle carries a catalogue's words, in any language: a page brings its islands' own", async () => {
  await ensureBuilt();
  // Every chunk the storefront's entry can load (the admin area has its own English).
  const manifest = JSON.parse(
    await Deno.readTextFile(new URL("../../dist/client/.vite/manifest.json", import.meta.url)),
  ) as Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    [...chunk.imports ?? [], ...chunk.dynamicImports ?? []].forEach(visit);
  };
  visit("web/entry_client.tsx");
  assert.ok(files.size > 20, `${files.size} chunks`);
  const code = await Promise.all(
    [...files].map((file) =>
      Deno.readTextFile(new URL(`../../dist/client/${file}`, import.meta.url))
    ),
  );
  const browser = code.join("\n");
  for (const language of ["en", "si", "ta"] as const) {
    // Every sentence of some length: a short one ("Cart") may be a word of the code too.
    const sentences = Object.values(CATALOGUES[language] as Record<string, string>)
      .filter((text) => text.length > 24 && !/[{}'<]/.test(text));
    assert.ok(sentences.length > 100, language);
    const shipped = sentences.filter((text) => browser.includes(text));
    assert.deepEqual(shipped, [], `${language} words in the browser's code`);
  }
});

Deno.test("the browser gets no words of what only the server renders, and no code asks for them", async () => {
  await ensureBuilt();
  const read = async (dir: string) => {
    const code: string[] = [];
    for await (const entry of Deno.readDir(new URL(dir, import.meta.url))) {
      if (entry.name.endsWith(".js")) {
        code.push(await Deno.readTextFile(new URL(dir + entry.name, import.meta.url)));
      }
    }
    return code.join("\n");
  };
  const browser = await read("../../dist/client/assets/");
  // A key named anywhere in the browser's code (a catalogue's or a component's) would be
  // written in quotes: an island asking for one would find no word.
  const named = browser.match(/["'`](head|privacy|terms)\./g) ?? [];
  assert.deepEqual(named, []);
  const server = await read("../../dist/server/");
  for (const language of ["en", "si", "ta"] as const) {
    const catalogue = CATALOGUES[language] as Record<string, string>;
    for (const key of ["privacy.collectTitle", "terms.title", "head.cartDescription"]) {
      assert.ok(BROWSERLESS_WORDS.test(key));
      assert.ok(server.includes(catalogue[key]), `the server renders the ${language} ${key}`);
    }
  }
});
