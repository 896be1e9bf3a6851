import type { Locations } from "../../domain/ports.ts";
import type { Area, District, PlaceNames, Province } from "../../domain/catalogue/locations.ts";
import type { SqlClient } from "./sql_client.ts";

interface NamedRow {
  name_si: string | null;
  name_ta: string | null;
}

interface AreaRow extends NamedRow {
  id: number;
  name: string;
  district_id: number;
  postcode: string | null;
}

interface ProvinceRow extends NamedRow {
  id: number;
  name: string;
}

interface DistrictRow extends NamedRow {
  id: number;
  name: string;
  province_id: number;
}

function namesFromRow(row: NamedRow): PlaceNames {
  const names: PlaceNames = {};
  if (row.name_si !== null) names.si = row.name_si;
  if (row.name_ta !== null) names.ta = row.name_ta;
  return names;
}

function provinceFromRow(row: ProvinceRow): Province {
  return { id: row.id, name: row.name, names: namesFromRow(row) };
}

function areaFromRow(row: AreaRow): Area {
  return {
    id: row.id,
    name: row.name,
    districtId: row.district_id,
    postcode: row.postcode,
    names: namesFromRow(row),
  };
}

function districtFromRow(row: DistrictRow): District {
  return { id: row.id, name: row.name, provinceId: row.province_id, names: namesFromRow(row) };
}

/** Sri Lanka's provinces, districts and areas, in the order of their ids. */
export class PostgresLocations implements Locations {
  readonly #sql: SqlClient;

  constructor(sql: SqlClient) {
    this.#sql = sql;
  }

  async provinces(): Promise<Province[]> {
    const rows = await this.#sql.query<ProvinceRow>(
      "SELECT id, name, name_si, name_ta FROM provinces ORDER BY id",
    );
    return rows.map(provinceFromRow);
  }

  async districts(provinceId?: number): Promise<District[]> {
    const rows = await this.#sql.query<DistrictRow>(
      `SELECT id, name, province_id, name_si, name_ta FROM districts
       WHERE $1::integer IS NULL OR province_id = $1 ORDER BY id`,
      [provinceId ?? null],
    );
    return rows.map(districtFromRow);
  }

  async areas(districtId?: number): Promise<Area[]> {
    const rows = await this.#sql.query<AreaRow>(
      `SELECT id, name, district_id, postcode, name_si, name_ta FROM areas
       WHERE $1::integer IS NULL OR district_id = $1 ORDER BY id`,
      [districtId ?? null],
    );
    return rows.map(areaFromRow);
  }

  async findArea(
    areaId: number,
  ): Promise<{ area: Area; district: District; province: Province } | undefined> {
    const rows = await this.#sql.query<
      AreaRow & {
        district_name: string;
        district_name_si: string | null;
        district_name_ta: string | null;
        province_id: number;
        province_name: string;
        province_name_si: string | null;
        province_name_ta: string | null;
      }
    >(
      `SELECT a.id, a.name, a.district_id, a.postcode, a.name_si, a.name_ta,
              d.name AS district_name,
              d.name_si AS district_name_si, d.name_ta AS district_name_ta,
              d.province_id, p.name AS province_name,
              p.name_si AS province_name_si, p.name_ta AS province_name_ta
       FROM areas a JOIN districts d ON d.id = a.district_id
         JOIN provinces p ON p.id = d.province_id
       WHERE a.id = $1`,
      [areaId],
    );
    if (rows.length === 0) return undefined;
    const row = rows[0];
    return {
      area: areaFromRow(row),
      district: districtFromRow({
        id: row.district_id,
        name: row.district_name,
        province_id: row.province_id,
        name_si: row.district_name_si,
        name_ta: row.district_name_ta,
      }),
      province: provinceFromRow({
        id: row.province_id,
        name: row.province_name,
        name_si: row.province_name_si,
        name_ta: row.province_name_ta,
      }),
    };
  }
}
