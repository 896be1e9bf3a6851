/** Where the owner's pages are kept (migration 0080; the memory double for tests and the demo). */
import type { OwnerPage, OwnerPageSlug } from "./owner_page.ts";

export interface OwnerPageStore {
  /** The page in one language; undefined when the owner has not written it. */
  find(slug: OwnerPageSlug, language: string): Promise<OwnerPage | undefined>;
  /** Writes the page over as a whole, and answers it as kept. */
  save(page: OwnerPage): Promise<OwnerPage>;
}
