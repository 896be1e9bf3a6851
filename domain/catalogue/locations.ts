export interface Province {
  id: number;
  name: string;
}

export interface District {
  id: number;
  name: string;
  provinceId: number;
}

export interface Area {
  id: number;
  name: string;
  districtId: number;
  /** Five digits, or null where the post office list has none. */
  postcode: string | null;
}
