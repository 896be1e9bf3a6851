/** The store of back-in-stock requests (rules.ts), with the mails their products' return calls for. */
import type { Locale } from "../i18n/language.ts";
import type { AlertProduct, NewStockRequest, RequestOutcome } from "./rules.ts";

export type { AlertProduct, NewStockRequest, RequestOutcome } from "./rules.ts";

/** A request as its mail reads it. */
export interface StoredStockRequest {
  id: number;
  product: AlertProduct;
  email: string;
  language: Locale;
  createdAt: Date;
  /** When its product came back and its mail was queued; null while it waits. */
  notifiedAt: Date | null;
  /** When its address asked for no more of these mails; null when it did not. */
  unsubscribedAt: Date | null;
}

/** How many shoppers wait for one product: the owner's signal to reorder it. */
export interface WaitingProduct {
  product: AlertProduct;
  title: string;
  stock: number;
  archived: boolean;
  waiting: number;
  /** When the longest-waiting of them asked. */
  oldest: Date;
}

/** What an unsubscribe came to: the request is known (however often it is used), or not. */
export type UnsubscribeOutcome = { kind: "done"; ended: number } | { kind: "not_found" };

/**
 * The back-in-stock requests. A request waits until its product becomes orderable again
 * (`backInStock`): whatever changes the stock (an adjustment, an edit, an import, an
 * order's stock given back, a restored product), every waiting request of the product is
 * claimed once, in the transaction of that change, and one `back_in_stock` mail each is
 * put in the outbox. Two instances restocking at once claim each request once.
 */
export interface StockAlertStore {
  /**
   * Records a waiting request for a product that cannot be bought now; a request of the
   * same address already waiting for it stays as it is (the same answer). Refused for a
   * product that can be bought, is archived or does not exist. Judged against the
   * product's row locked, so a restock at the same moment cannot leave it waiting.
   */
  request(request: NewStockRequest, at: Date): Promise<RequestOutcome>;
  /** A request by id (for its mail and its unsubscribe link). */
  find(id: number): Promise<StoredStockRequest | undefined>;
  /**
   * Ends every request of the address of request `id` not yet ended, its own included: no
   * more back-in-stock mails go to it, a queued one is not sent. Saying it again is no
   * error (`ended: 0`).
   */
  unsubscribe(id: number, at: Date): Promise<UnsubscribeOutcome>;
  /** The products shoppers wait for, most waited-for first (then the oldest request). */
  waiting(): Promise<WaitingProduct[]>;
}
