/** Cascading province, district and city lists from /api/locations. */
import { useEffect, useState } from "react";
import type { Area, District } from "../../domain/catalogue/locations.ts";
import { getJson } from "./api.ts";

interface WireDistrict {
  id: number;
  name: string;
  province_id: number;
}

interface WireArea {
  id: number;
  name: string;
  district_id: number;
  postcode?: string | null;
  postal_code?: string | null;
}

export function useDistricts(provinceId: string): { districts: District[]; error?: string } {
  const [districts, setDistricts] = useState<District[]>([]);
  const [error, setError] = useState<string>();
  useEffect(() => {
    setDistricts([]);
    if (!provinceId) return;
    let live = true;
    getJson<{ data: WireDistrict[] }>(`/api/locations/districts?provinceId=${provinceId}`).then(
      (body) => {
        if (live) {
          setDistricts(
            body.data.map((d) => ({ id: d.id, name: d.name, provinceId: d.province_id })),
          );
        }
      },
      (err) => live && setError(`Could not load districts: ${err.message}`),
    );
    return () => {
      live = false;
    };
  }, [provinceId]);
  return { districts, error };
}

export function useAreas(districtId: string): { areas: Area[]; error?: string } {
  const [areas, setAreas] = useState<Area[]>([]);
  const [error, setError] = useState<string>();
  useEffect(() => {
    setAreas([]);
    if (!districtId) return;
    let live = true;
    getJson<{ data: WireArea[] }>(`/checkout/cities?districtId=${districtId}`).then(
      (body) => {
        if (!live) return;
        setAreas(body.data.map((a) => ({
          id: a.id,
          name: a.name,
          districtId: a.district_id,
          postcode: a.postcode ?? a.postal_code ?? null,
        })));
      },
      (err) => live && setError(`Could not load cities: ${err.message}`),
    );
    return () => {
      live = false;
    };
  }, [districtId]);
  return { areas, error };
}

/** The city whose name the shopper typed (ignoring case and spacing), if any. */
export function findArea(areas: Area[], typed: string): Area | undefined {
  const wanted = typed.trim().replace(/\s+/g, " ").toLowerCase();
  return areas.find((a) => a.name.toLowerCase() === wanted);
}
