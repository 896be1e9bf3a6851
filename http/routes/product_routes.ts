/**
 * Serving the routes every kind of product has (declared once in
 * contract/routes/products.ts): the storefront's list and detail, the admin's CSV export and
 * import, archive, restore, add, price, change and delete. A kind (books.ts,
 * stationery.ts) describes its repository calls, records and CSV as a ProductKindRoutes
 * beside its contract, and serves the routes only it has.
 */
import type { Hono } from "hono";
import type { z } from "zod";
import type { AppDeps, AppEnv } from "../deps.ts";
import type { Cents } from "../../domain/money.ts";
import type { Catalogue, CatalogueAdmin, WriteResult } from "../../domain/ports.ts";
import type {
  BookFilter,
  BookSortKey,
  CatalogueSort,
  Page,
  PageRequest,
  SortDirection,
} from "../../domain/catalogue/model.ts";
import { type ChangeResult, deleteProduct } from "../../domain/catalogue/manage_catalogue.ts";
import type { ImportOutcome } from "../../domain/catalogue/catalogue_import.ts";
import { helpForEmptySearch } from "../../domain/catalogue/search_help.ts";
import { pageOf, searchSortOf } from "../../contract/requests.ts";
import type { ProductKindContract, ProductRoutes } from "../../contract/routes/products.ts";
import { pageRecord, searchHelpRecord } from "./answers.ts";
import { parseFields, readMultipart } from "../middleware/validation.ts";
import { bearerToken } from "../auth/require_admin.ts";
import { withShownStock } from "../../domain/catalogue/stock.ts";
import { DEFAULT_MAX_LINE_QUANTITY } from "../../domain/orders/place_order.ts";
import { ApiError, notFound } from "../middleware/errors.ts";
import { storeImages } from "./product_images.ts";
import { writtenOrThrow } from "./write_results.ts";
import { importSummaryRecord, readCsvBody } from "./catalogue_csv.ts";
import { allPages, csvResponse } from "./catalogue_export.ts";
import type { WorkGuard } from "../middleware/work_budget.ts";
import { serve } from "./route_spec.ts";
import { serveStockAdjustments } from "./stock_adjustments.ts";
import { refuseBrokenSale, saleOfBody, touchesSale } from "./sale_checks.ts";
import { shelfPricing, type ShelvedProduct } from "./shelf.ts";
import { shelfRecord } from "../../contract/shelf_wire.ts";
import type { SaleFields } from "../../domain/catalogue/sale_price.ts";

/** What the routes of a kind of product use. */
export type ProductRoutesDeps =
  & Pick<
    AppDeps,
    | "catalogue"
    | "catalogueAdmin"
    | "clock"
    | "images"
    | "covers"
    | "orderRules"
    | "tokens"
    | "promotions"
  >
  & { work: WorkGuard };

/**
 * Whether a storefront read comes from an admin (a live admin token): the admin is told
 * exact stock, everyone else `shownStock` (capped at the copies a line may hold).
 */
async function fromAdmin(deps: Pick<AppDeps, "tokens">, authorization: string | undefined) {
  const token = authorization === undefined ? undefined : bearerToken(authorization);
  if (!token) return false;
  const verified = await deps.tokens.verify(token);
  return verified.kind === "valid" && verified.claims.role === "admin";
}

/** A storefront list query as every kind's schema gives it. */
export interface ProductListQuery<Key extends BookSortKey> {
  q?: string;
  page?: number;
  pageSize?: number;
  sort?: Key;
  order?: SortDirection;
}

/** Every product on sale, in stock or not: what the export writes. */
const ON_SALE: BookFilter = { inStock: true, outOfStock: true };

/**
 * One kind of product as its routes serve it. `P` is the product, `Key` the columns its list
 * sorts by, `Query`, `New` and `Changes` the schemas of its list query, its add form's
 * fields and its change body (from its contract), `Change` the change its use case takes.
 */
export interface ProductKindRoutes<
  P,
  Base extends string,
  Schema extends z.ZodType,
  Key extends BookSortKey,
  Query extends z.ZodType<ProductListQuery<Key>>,
  New extends z.ZodObject,
  Changes extends z.ZodType,
  Change,
> {
  /** Its paths, words and schemas, as the contract declares them. */
  contract: ProductKindContract<Base, Schema, Query, New, Changes>;
  /** The CSV file's name, without ".csv". */
  csvFile: string;
  /** The record the API answers with (the contract's schema). */
  record(product: P): unknown;
  filterOf(query: z.output<Query>): BookFilter;
  list(
    catalogue: Catalogue,
    filter: BookFilter,
    page: PageRequest,
    sort?: CatalogueSort<Key | "id">,
  ): Promise<Page<P>>;
  find(catalogue: Catalogue, id: number): Promise<P | undefined>;
  csv(products: P[]): string;
  /** Reads a CSV body's rows and imports them (or, dry, says what an import would do). */
  importCsv(deps: ProductRoutesDeps, text: string, dryRun: boolean): Promise<ImportOutcome>;
  listArchived(admin: CatalogueAdmin, page: PageRequest, q?: string): Promise<Page<P>>;
  restore(admin: CatalogueAdmin, id: number): Promise<WriteResult<P>>;
  add: {
    /** A field the form's schema cannot judge alone (a date against today): 400. */
    refuse?(fields: z.output<New>, now: Date): void;
    create(admin: CatalogueAdmin, fields: z.output<New>, images: string[]): Promise<
      ChangeResult<P>
    >;
  };
  /** The change body, checked further by `refuse`, and the change it asks for. */
  change: {
    /** As `add.refuse`, knowing the product as it is (undefined when not found). */
    refuse?(body: z.output<Changes>, now: Date, current: P | undefined): void;
    changesOf(body: z.output<Changes>): Change;
  };
  /** Applies a change (the change body's, or the price route's alone) through the use case. */
  apply(
    admin: CatalogueAdmin,
    id: number,
    changes: Change | { priceCents: Cents },
  ): Promise<ChangeResult<P>>;
}

function capitalised(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Serves the routes every kind has on `app`, mounted at the kind's base. The kind's own
 * routes are served on it first: none of their paths is one of these.
 */
export function serveProductRoutes<
  P,
  Base extends string,
  Schema extends z.ZodType,
  Key extends BookSortKey,
  Query extends z.ZodType<ProductListQuery<Key>>,
  New extends z.ZodObject,
  Changes extends z.ZodType,
  Change,
>(
  app: Hono<AppEnv>,
  deps: ProductRoutesDeps,
  served: {
    kind: ProductKindRoutes<P, Base, Schema, Key, Query, New, Changes, Change>;
    routes: ProductRoutes<Base, Schema, Query, New, Changes>;
  },
): void {
  const { kind, routes } = served;
  const { contract } = kind;
  const base = contract.paths.list.path;
  const words = contract.words;
  const name = capitalised(words.one);
  const record = (product: P) => kind.record(product);

  const stockCap = deps.orderRules?.maxLineQuantity ?? DEFAULT_MAX_LINE_QUANTITY;
  const shelfPricer = shelfPricing(deps.promotions);
  /**
   * The record a storefront read answers: exact stock for the admin, capped for others;
   * and what one copy costs now, under one read of the running campaigns.
   */
  const shownRecord = async (authorization: string | undefined) => {
    const [admin, shelve] = await Promise.all([
      fromAdmin(deps, authorization),
      shelfPricer(deps.clock.now().toISOString()),
    ]);
    const shelved = (product: P) => ({
      shelf: shelfRecord(shelve(contract.kind, product as P & ShelvedProduct)),
    });
    return admin
      ? (product: P) => ({ ...record(product) as object, ...shelved(product) })
      : (product: P) => ({
        ...record(withShownStock(product as P & { stock: number }, stockCap)) as object,
        ...shelved(product),
      });
  };

  serve(app, base, routes.list, async (c) => {
    const q = c.req.valid("query");
    const page = await kind.list(deps.catalogue, kind.filterOf(q), pageOf(q), searchSortOf(q));
    const help = page.total === 0
      ? await helpForEmptySearch(deps.catalogue, { kind: contract.kind, q: q.q })
      : undefined;
    const shown = await shownRecord(c.req.header("Authorization"));
    return c.json({ ...pageRecord(page, shown), ...searchHelpRecord(help) });
  });

  serve(app, base, routes.export, () =>
    deps.work.run("export", "export", async (meter) => {
      const products = await allPages(
        (page) => kind.list(deps.catalogue, ON_SALE, page),
        meter,
      );
      return csvResponse(kind.csv(products), kind.csvFile);
    }));

  serve(app, base, routes.import, (c) =>
    deps.work.run("import", "import", async () => {
      const { dryRun } = c.req.valid("query");
      const outcome = await kind.importCsv(deps, await readCsvBody(c.req.raw), dryRun ?? false);
      if (outcome.kind === "conflict") throw new ApiError(409, "CONFLICT", outcome.message);
      return c.json(importSummaryRecord(outcome.summary, contract.kind));
    }));

  serve(app, base, routes.archived, async (c) => {
    const q = c.req.valid("query");
    const page = await kind.listArchived(deps.catalogueAdmin, pageOf(q), q.q);
    return c.json(pageRecord(page, record));
  });

  serve(app, base, routes.restore, async (c) => {
    const { id } = c.req.valid("param");
    const result = await kind.restore(deps.catalogueAdmin, id);
    return c.json({ data: record(writtenOrThrow(result, `Archived ${words.one}`, id)) });
  });

  serveStockAdjustments(app, deps, { kind: contract.kind, name, base, routes });

  serve(app, base, routes.one, async (c) => {
    const { id } = c.req.valid("param");
    const product = await kind.find(deps.catalogue, id);
    if (!product) throw notFound(name, id);
    const shown = await shownRecord(c.req.header("Authorization"));
    return c.json({ data: shown(product) });
  });

  serve(app, base, routes.add, async (c) => {
    const form = await readMultipart(c.req.raw);
    const fields = parseFields(contract.add.fields, form.fields);
    kind.add.refuse?.(fields, deps.clock.now());
    refuseBrokenSale(undefined, saleOfBody(fields, true));
    const { field, max } = contract.add.images;
    const images = await storeImages(deps.images, {
      field,
      files: form.files[field] ?? [],
      min: 1,
      max,
    });
    const result = await kind.add.create(deps.catalogueAdmin, fields, images);
    return c.json({ data: record(writtenOrThrow(result, name)) }, 201);
  });

  serve(app, base, routes.price, async (c) => {
    const { id } = c.req.valid("param");
    const { price } = c.req.valid("json");
    const current = await kind.find(deps.catalogue, id);
    // A new price must stay above the sale price the product has.
    if (current) refuseBrokenSale(current as P & SaleFields, { priceCents: price });
    const result = await kind.apply(deps.catalogueAdmin, id, { priceCents: price });
    return c.json({ data: record(writtenOrThrow(result, name, id)) });
  });

  serve(app, base, routes.change, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const current = kind.change.refuse || touchesSale(body)
      ? await kind.find(deps.catalogue, id)
      : undefined;
    kind.change.refuse?.(body, deps.clock.now(), current);
    if (current) refuseBrokenSale(current as P & SaleFields, saleOfBody(body));
    const result = await kind.apply(deps.catalogueAdmin, id, kind.change.changesOf(body));
    return c.json({ data: record(writtenOrThrow(result, name, id)) });
  });

  serve(app, base, routes.remove, async (c) => {
    const { id } = c.req.valid("param");
    const ports = { admin: deps.catalogueAdmin, storage: deps.images };
    const outcome = await deleteProduct(ports, { kind: contract.kind, id });
    if (outcome === "not_found") throw notFound(name, id);
    return c.body(null, 204);
  });
}
