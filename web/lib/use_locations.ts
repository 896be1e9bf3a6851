/** Cascading province, district and city lists from /api/locations. */
import { useEffect, useState } from "react";
import type { Area, District, PlaceNames } from "../../domain/catalogue/locations.ts";
import { LOCATION_PATHS } from "../../contract/paths.ts";
import { shopApi } from "./api.ts";

interface WireArea {
  id: number;
  name: string;
  district_id: number;
  postcode?: string | null;
  postal_code?: string | null;
  name_si?: string | null;
  name_ta?: string | null;
}

/** A place's Sinhala and Tamil names as a record carries them (`name_si`, `name_ta`). */
function namesOf(record: { name_si?: string | null; name_ta?: string | null }): PlaceNames {
  const names: PlaceNames = {};
  if (record.name_si) names.si = record.name_si;
  if (record.name_ta) names.ta = record.name_ta;
  return names;
}

/** The districts of a province, or the failure that kept them away (worded by the page). */
export function useDistricts(provinceId: string): { districts: District[]; error?: unknown } {
  const [districts, setDistricts] = useState<District[]>([]);
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    setDistricts([]);
    setError(undefined);
    if (!provinceId) return;
    let live = true;
    shopApi.call(LOCATION_PATHS.districts, { query: { provinceId } }).then(
      (body) => {
        if (live) {
          setDistricts(
            body.data.map((d) => ({
              id: d.id,
              name: d.name,
              provinceId: d.province_id,
              names: namesOf(d),
            })),
          );
        }
      },
      (err) => live && setError(err),
    );
    return () => {
      live = false;
    };
  }, [provinceId]);
  return { districts, error };
}

/** The cities of a district, or the failure that kept them away (worded by the page). */
/** How typed city names are matched (domain/catalogue/city_names.ts), loaded with the cities. */
export type CityMatching = typeof import("../../domain/catalogue/city_names.ts");

/**
 * A district's cities, and the rules that match a typed name to one of them: the rules (with
 * their sound keys for Sinhala, Tamil and Singlish) are fetched beside the list, so that a page
 * with no district chosen yet loads none of them.
 */
export function useAreas(
  districtId: string,
): { areas: Area[]; cities?: CityMatching; error?: unknown } {
  const [areas, setAreas] = useState<Area[]>([]);
  const [cities, setCities] = useState<CityMatching>();
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    setAreas([]);
    setError(undefined);
    if (!districtId) return;
    let live = true;
    Promise.all([
      shopApi.pageJson<{ data: WireArea[] }>(`/checkout/cities?districtId=${districtId}`),
      import("../../domain/catalogue/city_names.ts"),
    ]).then(
      ([body, matching]) => {
        if (!live) return;
        setCities(() => matching);
        setAreas(body.data.map((a) => ({
          id: a.id,
          name: a.name,
          districtId: a.district_id,
          postcode: a.postcode ?? a.postal_code ?? null,
          names: namesOf(a),
        })));
      },
      (err) => live && setError(err),
    );
    return () => {
      live = false;
    };
  }, [districtId]);
  return { areas, cities, error };
}

/** A city with its district and province, as `/checkout/cities?name=` answers. */
export interface PlacedArea {
  id: number;
  name: string;
  names: PlaceNames;
  districtId: number;
  districtName: string;
  districtNames: PlaceNames;
  provinceId: number;
  provinceName: string;
  provinceNames: PlaceNames;
  postcode: string | null;
}

interface WirePlacedArea {
  id: number;
  name: string;
  name_si?: string | null;
  name_ta?: string | null;
  district_id: number;
  district_name: string;
  district_names?: { name_si: string | null; name_ta: string | null };
  province_id: number;
  province_name: string;
  province_names?: { name_si: string | null; name_ta: string | null };
  postcode: string | null;
}

/** The cities in any district called what the shopper typed, asked after a short pause. */
export function usePlacesCalled(typed: string): PlacedArea[] {
  const [places, setPlaces] = useState<PlacedArea[]>([]);
  const name = typed.trim();
  useEffect(() => {
    setPlaces([]);
    if (name.length < 3) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      shopApi.pageJson<{ data: WirePlacedArea[] }>(
        `/checkout/cities?name=${encodeURIComponent(name)}`,
        controller.signal,
      ).then(
        (body) =>
          setPlaces(body.data.map((p) => ({
            id: p.id,
            name: p.name,
            names: namesOf(p),
            districtId: p.district_id,
            districtName: p.district_name,
            districtNames: namesOf(p.district_names ?? {}),
            provinceId: p.province_id,
            provinceName: p.province_name,
            provinceNames: namesOf(p.province_names ?? {}),
            postcode: p.postcode,
          }))),
        () => {}, // Only a hint: without it the shopper still has the district's own list.
      );
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [name]);
  return places;
}
