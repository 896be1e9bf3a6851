import assert from "node:assert/strict";
import fc from "fast-check";
import { MAX_SOUND_TEXT, soundKey, soundTerm } from "./script_sound.ts";
import { matchesSound } from "./filter.ts";

Deno.test("soundKey() gives a title the same key in Sinhala script, Tamil script and English letters", () => {
  assert.equal(soundKey("මඩොල් දූව"), soundKey("Madol Doova"));
  assert.equal(soundKey("ගම්පෙරළිය"), soundKey("Gamperaliya"));
  assert.equal(soundKey("பொன்னியின் செல்வன்"), soundKey("Ponniyin Selvan"));
  assert.equal(soundKey("ගාල්ල"), soundKey("Galle"));
  assert.equal(soundKey("காலி"), soundKey("Galle"));
  assert.equal(soundKey("මාර්ටින් වික්‍රමසිංහ"), soundKey("Martin Wickramasinghe"));
});

Deno.test("soundKey() reads the common Singlish spellings alike: aa/a, ee/i, oo/u, th/t, w/v, doubled letters", () => {
  for (
    const [a, b] of [
      ["Madol Duwa", "Madol Doova"],
      ["Theertha", "Tirta"],
      ["Golu Hadawatha", "golu hadavata"],
      ["Kaaliyugaya", "Kaliyugaya"],
      ["Heen Saraya", "hin saraya"],
      ["Ammaa", "Amma"],
    ]
  ) {
    assert.equal(soundKey(a), soundKey(b), `${a} / ${b}`);
  }
});

Deno.test("soundKey() reads a Sinhala word with or without its zero-width joiner, and a lone sign as nothing to find", () => {
  assert.equal(soundKey("ශ්‍රී"), soundKey("ශ්රී"));
  assert.equal(soundTerm("\u0DCA\u0DCF"), "");
  assert.equal(soundTerm("\u200D\u200C"), "");
  assert.equal(soundTerm("ab"), "");
});

Deno.test("soundKey() of any text is plain letters, digits and single spaces, from at most MAX_SOUND_TEXT characters", () => {
  fc.assert(fc.property(fc.string({ unit: "grapheme", maxLength: 600 }), (text) => {
    const key = soundKey(text);
    assert.match(key, /^([a-z0-9]+( [a-z0-9]+)*)?$/);
  }));
  // A long text is keyed by its first MAX_SOUND_TEXT characters, as SQL's left() cuts it.
  assert.equal(soundKey("ම".repeat(MAX_SOUND_TEXT + 100)), soundKey("ම".repeat(MAX_SOUND_TEXT)));
});

Deno.test("matchesSound() crosses from English letters only into Sinhala or Tamil ones", () => {
  assert.equal(matchesSound("ගම්පෙරළිය මාර්ටින් වික්‍රමසිංහ", "gamperaliya"), true);
  assert.equal(matchesSound("Madol Doova Martin Wickramasinghe", "මඩොල් දූව"), true);
  assert.equal(matchesSound("Gaminda's Garden K. Perera", "gamini"), false);
  assert.equal(matchesSound("Madol Doova", "madol duwa"), false);
});
