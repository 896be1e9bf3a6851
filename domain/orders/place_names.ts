/**
 * The names of the place an order goes to, in each shop language, as they were when it was
 * placed: the reference data may change a name later, and every surface of the order (its
 * page, mails, texts, slip and the owner's CSV) names the place as the order did.
 */
import type { Locale } from "../i18n/language.ts";
import { placeName, type PlaceNames } from "../catalogue/locations.ts";

/** The Sinhala and Tamil names an order keeps beside its English ones. */
export interface KeptPlaceNames {
  provinceNameSi: string | null;
  provinceNameTa: string | null;
  districtNameSi: string | null;
  districtNameTa: string | null;
  areaNameSi: string | null;
  areaNameTa: string | null;
}

/**
 * The names an order placed to this area keeps, from the reference data; null where it has
 * none in a language (the English name is shown there).
 */
export function keptPlaceNames(
  found: {
    area: { names: PlaceNames };
    district: { names: PlaceNames };
    province: { names: PlaceNames };
  },
): KeptPlaceNames {
  return {
    provinceNameSi: found.province.names.si ?? null,
    provinceNameTa: found.province.names.ta ?? null,
    districtNameSi: found.district.names.si ?? null,
    districtNameTa: found.district.names.ta ?? null,
    areaNameSi: found.area.names.si ?? null,
    areaNameTa: found.area.names.ta ?? null,
  };
}

/** The kept names of an order (or a new one), field by field: for a copy of it. */
export function keptNamesOf(order: KeptPlaceNames): KeptPlaceNames {
  return {
    provinceNameSi: order.provinceNameSi,
    provinceNameTa: order.provinceNameTa,
    districtNameSi: order.districtNameSi,
    districtNameTa: order.districtNameTa,
    areaNameSi: order.areaNameSi,
    areaNameTa: order.areaNameTa,
  };
}

/** An order's place as a language names it. */
export interface OrderPlace {
  area: string;
  district: string;
  province: string;
}

type NamedOrder = KeptPlaceNames & {
  provinceName: string;
  districtName: string;
  areaName: string;
};

function names(si: string | null, ta: string | null): PlaceNames {
  return { ...(si ? { si } : {}), ...(ta ? { ta } : {}) };
}

/**
 * The order's city, district and province in `language`: the names it was placed with,
 * English where it kept none in that language.
 *
 * @example orderPlace({ areaName: "Galle", areaNameSi: "ගාල්ල", ... }, "si").area // "ගාල්ල"
 */
export function orderPlace(order: NamedOrder, language: Locale): OrderPlace {
  return {
    area: placeName(
      { name: order.areaName, names: names(order.areaNameSi, order.areaNameTa) },
      language,
    ),
    district: placeName(
      { name: order.districtName, names: names(order.districtNameSi, order.districtNameTa) },
      language,
    ),
    province: placeName(
      { name: order.provinceName, names: names(order.provinceNameSi, order.provinceNameTa) },
      language,
    ),
  };
}
