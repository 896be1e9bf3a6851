/**
 * Brings the stored cart up to date with the shop's prices and stock. The readers of the
 * shop's answers (wire.ts, with the catalogue's record declarations) load beside the first
 * requests, not with the page: the cart and checkout pages need them only once an answer is
 * in.
 */
import {
  bookCartItem,
  type Cart,
  type CartItem,
  type CartRefresh,
  pickItem,
  refreshCart,
  stationeryCartItem,
} from "../../domain/cart/cart.ts";
import { ApiFailure, shopApi } from "./api.ts";
import { BOOK_PATHS, STATIONERY_PATHS } from "../../contract/paths.ts";

type Wire = typeof import("./wire.ts");

async function currentItem(line: CartItem, wire: Promise<Wire>): Promise<CartItem | undefined> {
  try {
    if (line.type === "book") {
      const body = await shopApi.call(BOOK_PATHS.one, { params: { id: line.id } });
      return bookCartItem((await wire).bookFromWire(body.data));
    }
    const body = await shopApi.call(STATIONERY_PATHS.one, { params: { id: line.id } });
    return stationeryCartItem((await wire).stationeryFromWire(body.data));
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 404) return undefined;
    throw error;
  }
}

export interface Refreshed extends CartRefresh {
  /** Some lines could not be checked (offline, server trouble): they keep what was stored. */
  unchecked: number;
}

/**
 * Asks the shop about every line at once. A line the shop no longer sells (404) is
 * removed; a line that could not be checked stays as it was.
 */
export async function refreshFromShop(cart: Cart): Promise<Refreshed> {
  let unchecked = 0;
  const wire = import("./wire.ts");
  // A failed load is each line's failure, counted as unchecked below.
  wire.catch(() => {});
  const current = await Promise.all(cart.map(async (line) => {
    try {
      return await currentItem(line, wire);
    } catch {
      unchecked += 1;
      return pickItem(line);
    }
  }));
  const result = refreshCart(cart, current.filter((item): item is CartItem => item !== undefined));
  return { ...result, unchecked };
}
