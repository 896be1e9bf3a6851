/**
 * Sri Lanka's provinces, districts and areas, read once per process. They are reference
 * data loaded by a migration and never written while the shop runs, so the first answer to
 * each question stays right until the next start. Checkout looks up the area of every
 * order: from memory, that is one database round trip less an order.
 */
import type { Locations } from "../../domain/ports.ts";
import type { Area, District, Province } from "../../domain/catalogue/locations.ts";

type AreaPlace = { area: Area; district: District; province: Province };

/** Keeps each answer of `load` under its key; a failed load is forgotten, not kept. */
function memo<V>(store: Map<string, Promise<V>>, key: string, load: () => Promise<V>): Promise<V> {
  const known = store.get(key);
  if (known) return known;
  const loading = load();
  store.set(key, loading);
  loading.catch(() => store.delete(key));
  return loading;
}

/** Locations answered from memory after the first read of each question. */
export class CachedLocations implements Locations {
  readonly #inner: Locations;
  readonly #lists = new Map<string, Promise<Province[] | District[] | Area[]>>();
  readonly #places = new Map<string, Promise<AreaPlace | undefined>>();

  constructor(inner: Locations) {
    this.#inner = inner;
  }

  /** Empty answers (an id that names nothing) are asked again: only real lists are kept. */
  async #list<V extends Province[] | District[] | Area[]>(
    key: string,
    load: () => Promise<V>,
  ): Promise<V> {
    const list = await memo(this.#lists, key, load) as V;
    if (list.length === 0) this.#lists.delete(key);
    return list;
  }

  provinces(): Promise<Province[]> {
    return this.#list("provinces", () => this.#inner.provinces());
  }

  districts(provinceId?: number): Promise<District[]> {
    return this.#list(`districts:${provinceId ?? "all"}`, () => this.#inner.districts(provinceId));
  }

  areas(districtId?: number): Promise<Area[]> {
    return this.#list(`areas:${districtId ?? "all"}`, () => this.#inner.areas(districtId));
  }

  /** Unknown ids are asked again each time: only the places that exist are kept. */
  async findArea(areaId: number): Promise<AreaPlace | undefined> {
    const place = await memo(this.#places, String(areaId), () => this.#inner.findArea(areaId));
    if (place === undefined) this.#places.delete(String(areaId));
    return place;
  }
}
