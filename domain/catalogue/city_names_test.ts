import assert from "node:assert/strict";
import { citiesCalled, cityKey, matchCity, nearestCities } from "./city_names.ts";

const COLOMBO = [
  "Colombo 01 (Fort)",
  "Colombo 03 (Colpetty)",
  "Colombo 07 (Cinnamon Gardens)",
  "Colombo 10 (Maradana)",
  "Dehiwala",
  "Mount Lavinia",
  "Kotte",
].map((name, id) => ({ id, name }));

Deno.test("cityKey() ignores case, spacing, punctuation and leading zeros", () => {
  assert.equal(cityKey("Colombo 07 (Fort)"), "colombo7fort");
  assert.equal(cityKey("  COLOMBO   7 "), "colombo7");
  assert.equal(cityKey("Colombo 10"), "colombo10");
  assert.equal(cityKey("Mount-Lavinia."), "mountlavinia");
  assert.equal(cityKey("Constructor Road"), "constructorroad");
});

Deno.test("matchCity() takes 'Colombo 7' and its spellings for 'Colombo 07 (Cinnamon Gardens)'", () => {
  for (const typed of ["Colombo 7", "colombo 07", "COLOMBO7", "Cinnamon Gardens", "colombo 7 "]) {
    assert.equal(matchCity(COLOMBO, typed)?.name, "Colombo 07 (Cinnamon Gardens)", typed);
  }
  assert.equal(matchCity(COLOMBO, "colombo 07 (cinnamon gardens)")?.id, 2);
  assert.equal(matchCity(COLOMBO, "mount  lavinia")?.name, "Mount Lavinia");
  assert.equal(matchCity(COLOMBO, "Colombo 1")?.name, "Colombo 01 (Fort)");
  assert.equal(matchCity(COLOMBO, "Colombo 70"), undefined);
  assert.equal(matchCity(COLOMBO, "Colombo"), undefined);
  assert.equal(matchCity(COLOMBO, ""), undefined);
});

Deno.test("matchCity() takes Mt, St, Rd and Jn for Mount, Saint or Street, Road and Junction", () => {
  const cities = [
    "Mount Lavinia",
    "St. Anthony's",
    "Armour Street",
    "Wasala Road",
    "Godagama Junction",
  ].map((name, id) => ({ id, name }));
  const cases: [string, string][] = [
    ["Mt Lavinia", "Mount Lavinia"],
    ["mt. lavinia", "Mount Lavinia"],
    ["Saint Anthony's", "St. Anthony's"],
    ["st anthonys", "St. Anthony's"],
    ["Armour St", "Armour Street"],
    ["Armour St.", "Armour Street"],
    ["Wasala Rd", "Wasala Road"],
    ["Godagama Jn", "Godagama Junction"],
    ["Godagama Jct.", "Godagama Junction"],
  ];
  for (const [typed, name] of cases) assert.equal(matchCity(cities, typed)?.name, name, typed);
  // Only a whole word stands for another: "Mtlavinia" is no one's spelling.
  assert.equal(matchCity(cities, "Mtlavinia"), undefined);
  assert.deepEqual(nearestCities(cities, "Mt Lav").map((c) => c.name), ["Mount Lavinia"]);
  assert.deepEqual(citiesCalled(cities, "Wasala Rd").map((c) => c.name), ["Wasala Road"]);
});

Deno.test("nearestCities() offers what starts with, holds or nearly spells the typed name", () => {
  assert.deepEqual(nearestCities(COLOMBO, "Colombo").map((c) => c.name), [
    "Colombo 01 (Fort)",
    "Colombo 03 (Colpetty)",
    "Colombo 07 (Cinnamon Gardens)",
    "Colombo 10 (Maradana)",
  ]);
  assert.deepEqual(nearestCities(COLOMBO, "Dehiwela").map((c) => c.name), ["Dehiwala"]);
  assert.deepEqual(nearestCities(COLOMBO, "Lavinia").map((c) => c.name), ["Mount Lavinia"]);
  assert.deepEqual(nearestCities(COLOMBO, "Jaffna"), []);
  assert.equal(nearestCities(COLOMBO, "o", 2).length, 2);
});

Deno.test("citiesCalled() finds every city of that name, whole or by its parts", () => {
  const all = [
    { id: 1, name: "Kandy", districtId: 4 },
    { id: 2, name: "Colombo 07 (Cinnamon Gardens)", districtId: 1 },
    { id: 3, name: "Kandy", districtId: 9 },
  ];
  assert.deepEqual(citiesCalled(all, "kandy").map((c) => c.id), [1, 3]);
  assert.deepEqual(citiesCalled(all, "Colombo 7").map((c) => c.id), [2]);
  assert.deepEqual(citiesCalled(all, "Kand"), []);
});

const SOUTH = [
  { id: 1, name: "Galle", names: { si: "ගාල්ල", ta: "காலி" } },
  { id: 2, name: "Gallella", names: { si: "ගල්ලෑල්ල" } },
  { id: 3, name: "Karapitiya", names: {} },
];

Deno.test("matchCity() takes a city's Sinhala or Tamil name for the city", () => {
  assert.equal(matchCity(SOUTH, "ගාල්ල")?.name, "Galle");
  assert.equal(matchCity(SOUTH, " காலி ")?.name, "Galle");
  assert.equal(matchCity(SOUTH, "galle")?.name, "Galle");
  // A city with no name in a language is matched by its English one only.
  assert.equal(matchCity(SOUTH, "karapitiya")?.id, 3);
});

Deno.test("matchCity() reads a Sinhala name typed with or without its zero-width joiner", () => {
  const cities = [{ id: 7, name: "Trincomalee", names: { si: "ත්\u200Dරිකුණාමලය" } }];
  assert.equal(matchCity(cities, "ත්රිකුණාමලය")?.id, 7);
});

Deno.test("nearestCities() and citiesCalled() read every name of a city", () => {
  // Galle is written so; Gallella (ගල්ලෑල්ල) only starts with its sound, so comes after.
  assert.deepEqual(nearestCities(SOUTH, "ගාල්").map((c) => c.id), [1, 2]);
  assert.deepEqual(nearestCities(SOUTH, "கால").map((c) => c.id), [1, 2]);
  assert.deepEqual(citiesCalled(SOUTH, "காலி").map((c) => c.id), [1]);
});

Deno.test("matchCity() takes a name that sounds like a city's, in any script", () => {
  // A short vowel for a long one, a single letter for a double one.
  assert.equal(matchCity(SOUTH, "ගාල")?.name, "Galle");
  assert.equal(matchCity(SOUTH, "gaalla")?.name, "Galle");
  assert.equal(matchCity(SOUTH, "கால")?.name, "Galle");
  // Sinhala or Tamil letters for a city the reference data names in English only.
  assert.equal(matchCity(SOUTH, "කරාපිටිය")?.name, "Karapitiya");
  assert.equal(matchCity(SOUTH, "கராபிட்டிய")?.name, "Karapitiya");
  // English letters never cross into English letters by sound.
  assert.equal(matchCity(SOUTH, "karapitia"), undefined);
  // Two cities that sound alike: neither is taken.
  const twins = [...SOUTH, { id: 4, name: "Gale", names: {} }];
  assert.equal(matchCity(twins, "ගාල"), undefined);
});

Deno.test("nearestCities() and citiesCalled() offer a city whose name sounds like what was typed", () => {
  assert.deepEqual(nearestCities(SOUTH, "කරාපිට").map((c) => c.id), [3]);
  assert.deepEqual(citiesCalled(SOUTH, "கராபிட்டிய").map((c) => c.id), [3]);
  assert.deepEqual(citiesCalled(SOUTH, "gaalla").map((c) => c.id), [1]);
  assert.deepEqual(citiesCalled(SOUTH, "zzzz"), []);
});
