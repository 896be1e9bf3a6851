/**
 * The sound key of migration 0073 in SQL is domain/catalogue/script_sound.ts's: the same
 * texts give the same keys on both engines, so a book stored by the database is found by a
 * term keyed in the shop's code.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { soundKey } from "../../domain/catalogue/script_sound.ts";
import { testOnBothEngines } from "./testing/databases.ts";
import type { SqlClient } from "./sql_client.ts";

async function sqlKeys(sql: SqlClient, texts: string[]): Promise<string[]> {
  const rows = await sql.query<{ key: string }>(
    "SELECT sound_key(t) AS key FROM unnest($1::text[]) WITH ORDINALITY AS u(t, n) ORDER BY n",
    [texts],
  );
  return rows.map((r) => r.key);
}

const SAMPLES = [
  "මඩොල් දූව",
  "Madol Doova",
  "ගම්පෙරළිය",
  "මාර්ටින් වික්‍රමසිංහ",
  "මාර්ටින් වික්රමසිංහ",
  "பொன்னியின் செல்வன்",
  "கல்கி கிருஷ்ணமூர்த்தி",
  "ශ්‍රී ලංකා Sri Lanka காலி",
  "Cinnamon Gardens",
  "Theertha Yathra",
  "\u0DCA\u0DCF\u0DD9",
  "a".repeat(200),
  "ක".repeat(500),
  "Nimal\u200D\u200Cපෙරේරා",
  "",
];

testOnBothEngines(
  "sound_key() in SQL gives the shop's soundKey() for the same text",
  async (sql) => {
    assert.deepEqual(await sqlKeys(sql, SAMPLES), SAMPLES.map(soundKey));
  },
);

// Letters of the three scripts, their signs, joiners, digits and punctuation, mixed.
const LETTER = fc.constantFrom(
  ..."කගචජටඩතදනපබමයරලවසහළඹඳඞඟංඃ්ාැෑිීුූෙේොෝෞෘ",
  ..."கசடதபறஙஞணநமனயரலவழளஜஷஸஹ்ாிீுூெேைொோௌஃ",
  ..."abcdeghijklmnopqrstuvwyzAEKT",
  ..."0123 .-'\u200C\u200D",
);

testOnBothEngines(
  "sound_key() in SQL agrees with soundKey() on any mix of the scripts",
  async (sql) => {
    const texts = fc.sample(fc.array(LETTER, { maxLength: 30 }).map((l) => l.join("")), {
      numRuns: 300,
      seed: 48,
    });
    assert.deepEqual(await sqlKeys(sql, texts), texts.map(soundKey));
  },
);
