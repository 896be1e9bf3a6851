/** The owner's pages in PostgreSQL (migration 0080): one row a page and language. */
import type { OwnerPage, OwnerPageSlug } from "../../domain/pages/owner_page.ts";
import type { OwnerPageStore } from "../../domain/pages/ports.ts";
import type { SqlClient } from "./sql_client.ts";

interface PageRow {
  slug: OwnerPageSlug;
  language: string;
  title: string;
  body: string;
  updated_at: Date | string;
}

function pageOf(row: PageRow): OwnerPage {
  return {
    slug: row.slug,
    language: row.language,
    title: row.title,
    body: row.body,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export class PostgresOwnerPages implements OwnerPageStore {
  readonly #sql: SqlClient;

  constructor(sql: SqlClient) {
    this.#sql = sql;
  }

  async find(slug: OwnerPageSlug, language: string): Promise<OwnerPage | undefined> {
    const rows = await this.#sql.query<PageRow>(
      "SELECT slug, language, title, body, updated_at FROM owner_pages WHERE slug = $1 AND language = $2",
      [slug, language],
    );
    return rows[0] && pageOf(rows[0]);
  }

  async save(page: OwnerPage): Promise<OwnerPage> {
    const rows = await this.#sql.query<PageRow>(
      `INSERT INTO owner_pages (slug, language, title, body, updated_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (slug, language) DO UPDATE
         SET title = EXCLUDED.title, body = EXCLUDED.body, updated_at = EXCLUDED.updated_at
       RETURNING slug, language, title, body, updated_at`,
      [page.slug, page.language, page.title, page.body, page.updatedAt],
    );
    return pageOf(rows[0]);
  }
}
