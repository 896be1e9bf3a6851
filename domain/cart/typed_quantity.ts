/**
 * A quantity typed into a stepper (the quantity popup, a cart line): 20 exercise books are
 * typed, not 19 taps on +. What is typed is held within the same bounds as the buttons: at
 * least 1, at most the room left under the stock and the copies one order may hold.
 */
import { type Cart, lineCeiling, lineKey } from "./cart.ts";

/**
 * The quantity a typed text asks for, held between 1 and `room`; undefined when it is no
 * whole number (an empty box while typing), so that the stepper keeps its last quantity.
 *
 * @example typedQuantity("20", 50) // 20
 * @example typedQuantity("80", 50) // 50: the most there is room for
 * @example typedQuantity("0", 50) // 1
 * @example typedQuantity("", 50) // undefined
 */
export function typedQuantity(text: string, room: number): number | undefined {
  const digits = text.trim();
  if (!/^\d{1,6}$/.test(digits)) return undefined;
  return Math.max(1, Math.min(Math.max(room, 1), Number(digits)));
}

/**
 * The cart with one line's quantity set to what was typed, held between 1 and the line's
 * ceiling (its stock, the copies one order may hold); unchanged for text that is no number.
 *
 * @example setTypedQuantity([{ ...pen, stock: 30, quantity: 1 }], "pen:1", "45", 20)[0].quantity // 20
 */
export function setTypedQuantity(
  cart: Cart,
  key: string,
  text: string,
  maxPerLine = Infinity,
): Cart {
  const line = cart.find((l) => lineKey(l) === key);
  if (!line) return cart;
  const quantity = typedQuantity(text, lineCeiling(line, maxPerLine));
  if (quantity === undefined || quantity === line.quantity) return cart;
  return cart.map((l) => lineKey(l) === key ? { ...l, quantity } : l);
}
