/**
 * When an order's or a cart's pre-ordered books are expected: the date the book's page
 * shows when every pre-ordered line has one (the latest, as the order goes out once all
 * are in), else the shop's general promise in weeks. One answer for the checkout, the
 * dialog after it, the mails and the slip, so none says weeks where the page says a date.
 */

/** A line as far as its pre-order goes: the flag, and the book's expected date (YYYY-MM-DD). */
export interface PreorderLine {
  preorder: boolean;
  preorderDate?: string | null;
}

export type PreorderArrival =
  /** The expected date (YYYY-MM-DD) of the last pre-ordered book. */
  | { kind: "date"; date: string }
  /** A pre-ordered line has no date: the general promise (3 - 4 weeks). */
  | { kind: "weeks" };

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * When the pre-ordered lines are expected; undefined when no line is a pre-order.
 *
 * @example preorderArrival([{ preorder: true, preorderDate: "2027-03-15" }]) // { kind: "date", date: "2027-03-15" }
 * @example preorderArrival([{ preorder: true, preorderDate: null }]) // { kind: "weeks" }
 * @example preorderArrival([{ preorder: false }]) // undefined
 */
export function preorderArrival(lines: readonly PreorderLine[]): PreorderArrival | undefined {
  const preorders = lines.filter((line) => line.preorder);
  if (preorders.length === 0) return undefined;
  const dates = preorders.map((line) => line.preorderDate?.slice(0, 10) ?? "");
  if (!dates.every((date) => CALENDAR_DATE.test(date))) return { kind: "weeks" };
  return { kind: "date", date: dates.reduce((a, b) => (b > a ? b : a)) };
}
