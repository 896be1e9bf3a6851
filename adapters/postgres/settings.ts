/**
 * The shop's settings in PostgreSQL (migration 0041): a row per setting the owner changed,
 * its value as JSON; the changes of one request written in one transaction.
 */
import type { SettingsStore, ShopSettings } from "../../domain/settings/settings.ts";
import type { SqlClient } from "./sql_client.ts";

export class PostgresSettings implements SettingsStore {
  constructor(private readonly sql: SqlClient) {}

  async rows(): Promise<{ name: string; value: unknown }[]> {
    return await this.sql.query<{ name: string; value: unknown }>(
      "SELECT name, value FROM shop_settings ORDER BY name",
    );
  }

  async save(values: Partial<ShopSettings>): Promise<void> {
    const entries = Object.entries(values).filter(([, value]) => value !== undefined);
    if (entries.length === 0) return;
    await this.sql.query(
      `INSERT INTO shop_settings (name, value, updated_at)
       SELECT name, value::jsonb, now()
       FROM unnest($1::text[], $2::text[]) AS s(name, value)
       ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
      [entries.map(([name]) => name), entries.map(([, value]) => JSON.stringify(value))],
    );
  }
}
