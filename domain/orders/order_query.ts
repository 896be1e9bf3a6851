/**
 * The admin's search over orders: filters, a page, and how a search term is read (an
 * order number, a phone number, a name or an e-mail address), decided once here so that
 * every repository matches alike.
 */
import type { Order, OrderStatus, PaymentMethod, PaymentStatus } from "./model.ts";
import { colomboDayAt, colomboDayStart } from "../dates/colombo.ts";
import { addDays } from "../dates/day.ts";

export { colomboDayStart };

export interface OrderQuery {
  /** From 1. */
  page: number;
  pageSize: number;
  q?: string;
  status?: OrderStatus;
  paymentStatus?: PaymentStatus;
  paymentMethod?: PaymentMethod;
  /** ISO 8601 instant: placed at or after. */
  from?: string;
  /** ISO 8601 instant: placed before. */
  to?: string;
}

export interface OrderPage {
  orders: Order[];
  /** How many orders match, over every page. */
  total: number;
}

/** A span of time, start included, end excluded (ISO 8601 instants). */
export interface TimeRange {
  from: string;
  to: string;
}

/**
 * The day in Sri Lanka at an instant, as YYYY-MM-DD.
 *
 * @example colomboDate(new Date("2026-02-28T18:30:00Z")) // "2026-03-01"
 */
export function colomboDate(at: Date): string {
  return colomboDayAt(at);
}

/**
 * The instants between the start of `from` and the end of `to`, both days in Sri Lanka
 * and both included.
 *
 * @example colomboDays("2026-03-01", "2026-03-01") // { from: "2026-02-28T18:30:00.000Z", to: "2026-03-01T18:30:00.000Z" }
 */
export function colomboDays(
  from: string | undefined,
  to: string | undefined,
): { from?: string; to?: string } {
  return {
    from: from === undefined ? undefined : colomboDayStart(from),
    to: to === undefined ? undefined : colomboDayStart(addDays(to, 1)),
  };
}

/** Today in Sri Lanka, as a range of instants. */
export function colomboToday(now: Date): TimeRange {
  return colomboDays(colomboDate(now), colomboDate(now)) as TimeRange;
}

/** How a search term is matched. */
export interface SearchTerm {
  /** Lower-case text found in the name or the e-mail address. */
  text: string;
  /** The order with this number, when the term is a number. */
  id: number | null;
  /** Digits found in the phone number (both without a leading 0 or 94), when the term is one. */
  phoneDigits: string | null;
}

/**
 * Reads a search term: text always matches the name and e-mail; a term of digits (with
 * `#`, spaces, `+`, `-` or brackets) is also an order number and part of a phone number.
 *
 * @example searchTerm("077 123 4567") // { text: "077 123 4567", id: null, phoneDigits: "771234567" }
 * @example searchTerm("#1042") // { text: "#1042", id: 1042, phoneDigits: "1042" }
 */
export function searchTerm(q: string): SearchTerm {
  const text = q.trim().toLowerCase();
  if (!/^[#+\d\s()-]+$/.test(text)) return { text, id: null, phoneDigits: null };
  const digits = text.replace(/\D/g, "");
  if (digits.length === 0) return { text, id: null, phoneDigits: null };
  const id = digits.length <= 15 && Number(digits) > 0 ? Number(digits) : null;
  return { text, id, phoneDigits: digits.length >= 9 ? nationalDigits(digits) : digits };
}

/**
 * A phone number's digits without the country code or trunk prefix, as people write the
 * same number both ways: +94 77 123 4567 and 077 123 4567.
 */
export function nationalDigits(phone: string): string {
  return phone.replace(/\D/g, "").replace(/^(94|0)/, "");
}

/** Whether an order matches the query's filters and term (the memory repository's rule). */
export function matchesQuery(order: Order, query: Omit<OrderQuery, "page" | "pageSize">): boolean {
  if (query.status && order.status !== query.status) return false;
  if (query.paymentStatus && order.paymentStatus !== query.paymentStatus) return false;
  if (query.paymentMethod && order.paymentMethod !== query.paymentMethod) return false;
  const at = Date.parse(order.orderDate);
  if (query.from && at < Date.parse(query.from)) return false;
  if (query.to && at >= Date.parse(query.to)) return false;
  if (query.q === undefined || query.q.trim() === "") return true;
  const term = searchTerm(query.q);
  if (order.customer.name.toLowerCase().includes(term.text)) return true;
  if (order.customer.email.toLowerCase().includes(term.text)) return true;
  if (term.id !== null && order.id === term.id) return true;
  return term.phoneDigits !== null &&
    nationalDigits(order.customer.phone).includes(term.phoneDigits);
}
