import type { Locale } from "../i18n/language.ts";

/**
 * A place's names in the shop's other languages, as the reference data has them; `name`
 * is its English name, which orders, the API and the admin area keep.
 */
export type PlaceNames = Partial<Record<Locale, string>>;

export interface Province {
  id: number;
  name: string;
  names: PlaceNames;
}

export interface District {
  id: number;
  name: string;
  provinceId: number;
  names: PlaceNames;
}

export interface Area {
  id: number;
  name: string;
  districtId: number;
  /** Five digits, or null where the post office list has none. */
  postcode: string | null;
  /** Its Sinhala and Tamil names where a public source has them (see the reference data). */
  names: PlaceNames;
}

/**
 * A province's, district's or area's name in a language: its own name there, else the English one.
 *
 * @example placeName({ name: "Kandy", names: { si: "මහනුවර" } }, "si") // "මහනුවර"
 * @example placeName({ name: "Kandy", names: { si: "මහනුවර" } }, "ta") // "Kandy"
 */
export function placeName(place: { name: string; names: PlaceNames }, language: Locale): string {
  return place.names[language] ?? place.name;
}
