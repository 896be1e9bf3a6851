/** Brings the stored cart up to date with the shop's prices and stock. */
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
import { bookFromWire, stationeryFromWire } from "./wire.ts";
import { BOOK_PATHS, STATIONERY_PATHS } from "../../contract/paths.ts";

async function currentItem(line: CartItem): Promise<CartItem | undefined> {
  try {
    if (line.type === "book") {
      const body = await shopApi.call(BOOK_PATHS.one, { params: { id: line.id } });
      return bookCartItem(bookFromWire(body.data));
    }
    const body = await shopApi.call(STATIONERY_PATHS.one, { params: { id: line.id } });
    return stationeryCartItem(stationeryFromWire(body.data));
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
  const current = await Promise.all(cart.map(async (line) => {
    try {
      return await currentItem(line);
    } catch {
      unchecked += 1;
      return pickItem(line);
    }
  }));
  const result = refreshCart(cart, current.filter((item): item is CartItem => item !== undefined));
  return { ...result, unchecked };
}
