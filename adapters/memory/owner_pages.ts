/** The owner's pages in memory, held to the same contract as SQL's (owner_pages_contract_test.ts). */
import type { OwnerPage, OwnerPageSlug } from "../../domain/pages/owner_page.ts";
import type { OwnerPageStore } from "../../domain/pages/ports.ts";

export class MemoryOwnerPages implements OwnerPageStore {
  readonly #pages = new Map<string, OwnerPage>();

  find(slug: OwnerPageSlug, language: string): Promise<OwnerPage | undefined> {
    const page = this.#pages.get(`${slug}:${language}`);
    return Promise.resolve(page && { ...page });
  }

  save(page: OwnerPage): Promise<OwnerPage> {
    this.#pages.set(`${page.slug}:${page.language}`, { ...page });
    return Promise.resolve({ ...page });
  }
}
