/** Locations in memory: a few real places, enough for tests and demos without a database. */
import type { Locations } from "../../domain/ports.ts";
import type { Area, District, Province } from "../../domain/catalogue/locations.ts";

export interface LocationData {
  provinces: Province[];
  districts: District[];
  areas: Area[];
}

/**
 * Three provinces, four districts and a handful of cities with their postcodes (Galle's with
 * the ids and names the shop's reference data gives them).
 */
export const SAMPLE_LOCATIONS: LocationData = {
  provinces: [
    { id: 1, name: "Western", names: { si: "බස්නාහිර", ta: "மேல்" } },
    { id: 2, name: "Central", names: { si: "මධ්‍යම", ta: "மத்திய" } },
    { id: 3, name: "Southern", names: { si: "දකුණු", ta: "தென்" } },
  ],
  districts: [
    { id: 1, name: "Colombo", provinceId: 1, names: { si: "කොළඹ", ta: "கொழும்பு" } },
    { id: 2, name: "Gampaha", provinceId: 1, names: { si: "ගම්පහ", ta: "கம்பஹா" } },
    { id: 3, name: "Kandy", provinceId: 2, names: { si: "මහනුවර", ta: "கண்டி" } },
    { id: 7, name: "Galle", provinceId: 3, names: { si: "ගාල්ල", ta: "காலி" } },
  ],
  areas: [
    { id: 1, name: "Mount Lavinia", districtId: 1, postcode: "10370", names: {} },
    { id: 2, name: "Dehiwala", districtId: 1, postcode: "10350", names: { si: "දෙහිවල" } },
    { id: 3, name: "Negombo", districtId: 2, postcode: "11500", names: {} },
    { id: 4, name: "Peradeniya", districtId: 3, postcode: "20400", names: {} },
    {
      id: 5,
      name: "Colombo 07 (Cinnamon Gardens)",
      districtId: 1,
      postcode: "00700",
      names: {},
    },
    { id: 703, name: "Galle", districtId: 7, postcode: "80000", names: { si: "ගාල්ල", ta: "காலி" } },
    { id: 715, name: "Hikkaduwa", districtId: 7, postcode: "80240", names: {} },
    { id: 681, name: "Ahangama", districtId: 7, postcode: "80650", names: { si: "අහංගම" } },
  ],
};

export class MemoryLocations implements Locations {
  readonly #data: LocationData;

  constructor(data: LocationData = SAMPLE_LOCATIONS) {
    this.#data = data;
  }

  provinces(): Promise<Province[]> {
    return Promise.resolve(this.#data.provinces.map((p) => ({ ...p, names: { ...p.names } })));
  }

  districts(provinceId?: number): Promise<District[]> {
    return Promise.resolve(
      this.#data.districts
        .filter((d) => provinceId === undefined || d.provinceId === provinceId)
        .map((d) => ({ ...d, names: { ...d.names } })),
    );
  }

  areas(districtId?: number): Promise<Area[]> {
    return Promise.resolve(
      this.#data.areas
        .filter((a) => districtId === undefined || a.districtId === districtId)
        .map((a) => ({ ...a, names: { ...a.names } })),
    );
  }

  findArea(
    areaId: number,
  ): Promise<{ area: Area; district: District; province: Province } | undefined> {
    const area = this.#data.areas.find((a) => a.id === areaId);
    const district = this.#data.districts.find((d) => d.id === area?.districtId);
    const province = this.#data.provinces.find((p) => p.id === district?.provinceId);
    if (!area || !district || !province) return Promise.resolve(undefined);
    return Promise.resolve({
      area: { ...area, names: { ...area.names } },
      district: { ...district, names: { ...district.names } },
      province: { ...province, names: { ...province.names } },
    });
  }
}
