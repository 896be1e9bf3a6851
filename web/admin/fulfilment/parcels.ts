/**
 * The admin's words and arithmetic for parcels, as pure functions: what each move is
 * called, which moves a parcel may make next, the copies of each line still to pack and
 * the cash a new parcel is to collect. The server checks every one of them again.
 */
import {
  SHIPMENT_MOVES,
  type ShipmentStatus,
  unshippedCopies,
} from "../../../domain/fulfilment/shipments.ts";
import { formatLkr, rupeesToCents } from "../format.ts";
import type { WirePreorderWait } from "../../../contract/fulfilment.ts";
import { parcelsWord } from "../../../domain/fulfilment/preorder_waiting.ts";
import type { ParcelChoice } from "../../../domain/fulfilment/delivery_fees.ts";

export const STATUS_WORDS: Record<ShipmentStatus, string> = {
  packed: "Packed",
  handed_over: "Handed over",
  delivered: "Delivered",
  returned: "Returned to the shop",
};

/** The button that moves a parcel to each status. */
export const MOVE_WORDS: Record<ShipmentStatus, string> = {
  packed: "Pack",
  handed_over: "Mark handed over",
  delivered: "Mark delivered",
  returned: "Mark returned",
};

/**
 * The moves a parcel may make from where it is, in the order the buttons show.
 *
 * @example nextMoves("handed_over") // ["delivered", "returned"]
 */
export function nextMoves(status: ShipmentStatus): readonly ShipmentStatus[] {
  return SHIPMENT_MOVES[status];
}

export interface WireParcel {
  lines: { order_line_id: number; quantity: number }[];
  status: ShipmentStatus;
  cod_amount: number;
}

/**
 * The copies of each of the order's lines not yet in a parcel (a returned parcel's copies
 * come back), by line id.
 *
 * @example copiesLeft([{ id: 1, quantity: 2, preorder: false }], []) // Map { 1 => 2 }
 */
export function copiesLeft(
  items: readonly { id: number; quantity: number; preorder: boolean }[],
  parcels: readonly WireParcel[],
): Map<number, number> {
  return unshippedCopies(
    items,
    parcels.map((p) => ({
      status: p.status,
      lines: p.lines.map((l) => ({ orderLineId: l.order_line_id, quantity: l.quantity })),
    })),
  );
}

/**
 * The cash a new parcel collects when it takes every copy left: what the order owes less
 * what its other parcels (not returned) collect; 0 for a parcel that leaves copies behind,
 * which the owner may raise.
 *
 * @example codToCollect(435_150, [], true) // 435150
 */
export function codToCollect(
  owedCents: number,
  parcels: readonly WireParcel[],
  takesTheRest: boolean,
): number {
  if (!takesTheRest) return 0;
  const collecting = parcels.filter((p) => p.status !== "returned")
    .reduce((sum, p) => sum + rupeesToCents(p.cod_amount), 0);
  return Math.max(0, owedCents - collecting);
}

/**
 * The shop's cash all couriers hold together, in rupees, added up in cents: the total of the
 * Cash on delivery page and the owner's home figure, one definition for both.
 *
 * @example heldByCouriers({ by_courier: [{ held: 0.1 }, { held: 0.2 }] }) // 0.3
 */
export function heldByCouriers(cash: { by_courier: readonly { held: number }[] }): number {
  return cash.by_courier.reduce((cents, b) => cents + Math.round(b.held * 100), 0) / 100;
}

/**
 * What the parcels panel says of an order's pre-order wait, as its customer chose at
 * checkout: a together order waits whole; a split one sends its books in stock now (its
 * second parcel's fee paid). Null when nothing waits.
 *
 * @example preorderWaitNote({ wait: "waits_for_preorder", ... }, 0) // "Sent together, as the customer chose: ..."
 */
export function preorderWaitNote(
  wait: Pick<WirePreorderWait, "wait">,
  secondParcelFee: number,
): string | null {
  switch (wait.wait) {
    case "waits_for_preorder":
      return "Sent together, as the customer chose: this order waits for its pre-ordered book to arrive, then goes as one parcel.";
    case "send_in_stock_now":
      return `Sent in two parcels, as the customer chose (second parcel ${
        formatLkr(rupeesToCents(secondParcelFee))
      } paid): hand over the books in stock now; the pre-ordered book follows when it arrives.`;
    case "none":
      return null;
  }
}

/**
 * How a mixed order is to be sent, as its customer chose at checkout, in the admin's words;
 * null for an order that is not mixed.
 *
 * @example parcelsChoiceText({ parcels: "split", second_parcel_fee: 150, items: mixed }) // "Send what is here now and the rest when it arrives (second parcel LKR 150.00)"
 */
export function parcelsChoiceText(
  order: {
    parcels?: ParcelChoice;
    second_parcel_fee?: number;
    items?: readonly { preorder: boolean }[];
  },
): string | null {
  const word = parcelsWord({ parcels: order.parcels ?? "together", items: order.items ?? [] });
  if (word === null) return null;
  return word === "parcels.split"
    ? `Send what is here now and the rest when it arrives (second parcel ${
      formatLkr(rupeesToCents(order.second_parcel_fee ?? 0))
    })`
    : "Send everything together (when the pre-order arrives)";
}
