/**
 * The sale rules of domain/catalogue/sale_price.ts on the product routes' bodies: a new
 * product's sale, a change of its sale or price, the price route alone. A broken rule is
 * 400 with each problem on its field's creation name (`salePrice`, `saleStarts`,
 * `saleEnds`), as every other field's problem is named.
 */
import { createName } from "../../domain/records/fields.ts";
import { SALE_FIELDS } from "../../domain/catalogue/sale_record.ts";
import { saleChangeProblems, type SaleFields } from "../../domain/catalogue/sale_price.ts";
import { validationFailed } from "../middleware/errors.ts";

const BODY_NAMES: Record<keyof SaleFields, string> = {
  priceCents: "price",
  salePriceCents: createName("salePriceCents", SALE_FIELDS.salePriceCents),
  saleStarts: createName("saleStarts", SALE_FIELDS.saleStarts),
  saleEnds: createName("saleEnds", SALE_FIELDS.saleEnds),
};

/**
 * The price and sale a parsed body gives (creation names, domain units); absent ones stay
 * absent, or with `whole` (a new product) are no sale.
 *
 * @example saleOfBody({ price: 100000, salePrice: 80000 }, true) // { priceCents: 100000, salePriceCents: 80000, saleStarts: null, saleEnds: null }
 */
export function saleOfBody(body: unknown, whole = false): Partial<SaleFields> {
  const values = body as Record<string, unknown>;
  const sale: Record<string, unknown> = {};
  for (const [name, bodyName] of Object.entries(BODY_NAMES)) {
    const value = values[bodyName];
    if (value !== undefined) sale[name] = value;
    else if (whole && name !== "priceCents") sale[name] = null;
  }
  return sale as Partial<SaleFields>;
}

/** Whether a body names the price or any field of the sale. */
export function touchesSale(body: unknown): boolean {
  return Object.keys(saleOfBody(body)).length > 0;
}

/** 400 when `changes` would leave the product's sale broken (`current` undefined: a new one). */
export function refuseBrokenSale(
  current: SaleFields | undefined,
  changes: Partial<SaleFields>,
): void {
  const problems = saleChangeProblems(current, changes);
  if (problems.length > 0) {
    throw validationFailed(
      problems.map((p) => ({ field: BODY_NAMES[p.field], message: p.message })),
    );
  }
}
