/**
 * In-process caching of the storefront's reads, as decorators of the ports: listing pages,
 * totals, searches' first matches, products, authors and categories for a few seconds
 * (cleared by every write made through this process; ten minutes where no other process
 * writes, SOLE_WRITER_CACHE), and the reference locations for the life of the process.
 *
 * @example
 * const cache = new CatalogueCache();
 * const ports = cacheReads({
 *   catalogue: new PostgresCatalogue(sql, {
 *     totals: cache.totals,
 *     searchHeads: cache.searchHeads,
 *   }),
 *   catalogueAdmin: repositories.catalogueAdmin,
 *   orders: repositories.orders,
 *   locations: repositories.locations,
 * }, cache);
 */
import type { Catalogue, CatalogueAdmin, Locations, OrderRepository } from "../../domain/ports.ts";
import { CachedCatalogue, CatalogueCache } from "./cached_catalogue.ts";
import { CachedLocations } from "./cached_locations.ts";
import { InvalidatingCatalogueAdmin, InvalidatingOrderRepository } from "./invalidating.ts";

export {
  CachedCatalogue,
  CatalogueCache,
  type CatalogueCacheOptions,
  listingKey,
  SOLE_WRITER_CACHE,
} from "./cached_catalogue.ts";
export { CachedLocations } from "./cached_locations.ts";
export { CachedPromotions, type CachedPromotionsOptions } from "./cached_promotions.ts";
export { InvalidatingCatalogueAdmin, InvalidatingOrderRepository } from "./invalidating.ts";
export { TtlCache, type TtlCacheOptions } from "./ttl_cache.ts";

export interface CacheablePorts {
  catalogue: Catalogue;
  catalogueAdmin: CatalogueAdmin;
  orders: OrderRepository;
  locations: Locations;
}

/** The same ports, reading through `cache` and clearing it after every write. */
export function cacheReads(ports: CacheablePorts, cache: CatalogueCache): CacheablePorts {
  return {
    catalogue: new CachedCatalogue(ports.catalogue, cache),
    catalogueAdmin: new InvalidatingCatalogueAdmin(ports.catalogueAdmin, cache),
    orders: new InvalidatingOrderRepository(ports.orders, cache),
    locations: new CachedLocations(ports.locations),
  };
}
