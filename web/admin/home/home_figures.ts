/**
 * What the admin's home counts, and where each figure leads: every order figure is the total
 * of the very list its link opens (the same filters, read by the Orders page from the link
 * and sent to GET /api/orders), and today's money is the sales report of today, so a figure
 * never says other than the page it leads to.
 */
import { filtersToSearch, NO_FILTERS, type OrderFilters } from "../orders/orders.ts";
import { addDays } from "../../../domain/reports/range.ts";
import { colomboDate } from "../../../domain/orders/order_query.ts";
import { PAYMENT_METHODS } from "../../../domain/orders/model.ts";
import { PAYMENT_POLICIES, paysOnline } from "../../../domain/orders/payment_policy.ts";

/** An order figure of the home: its words, the list it counts, for whom it is work. */
export interface OrderFigure {
  key: string;
  label: string;
  /** The Orders page's filters: the link's query and the count's query alike. */
  filters: OrderFilters;
  /** Staff see the packing figures; the owner sees every one. */
  staff: boolean;
}

const pending = { ...NO_FILTERS, status: "pending" } as const;

/** The order figures, in the order the home shows them. */
export const ORDER_FIGURES: readonly OrderFigure[] = [
  { key: "to-confirm", label: "Orders to confirm", filters: pending, staff: false },
  {
    key: "slips",
    label: "Deposit slips to check",
    filters: { ...pending, paymentStatus: "proof_submitted" },
    staff: false,
  },
  // Each method paid online, from the payment policy table: its unpaid orders wait for the
  // customer's payment through its provider.
  ...PAYMENT_METHODS.filter(paysOnline).map((method) => ({
    key: `online-pending-${method.toLowerCase().replace(/\W+/g, "-")}`,
    label: `${PAYMENT_POLICIES[method].words.admin} payments pending`,
    filters: { ...pending, paymentMethod: method, paymentStatus: "unpaid" as const },
    staff: false,
  })),
  {
    // Paid after all, then cancelled (a payment after the lapse): refunds owed, until refunds
    // give back all the order paid (domain/payments/refund_order.ts, settledPlan).
    key: "refunds-due",
    label: "Cancelled orders paid: refunds due",
    filters: { ...NO_FILTERS, status: "rejected", paymentStatus: "paid" },
    staff: false,
  },
  {
    key: "to-pack-paid",
    label: "Paid orders to pack and send",
    filters: { ...pending, paymentStatus: "paid" },
    staff: true,
  },
  {
    key: "to-pack-cod",
    label: "Cash on delivery orders to pack and send",
    filters: { ...pending, paymentMethod: "COD" },
    staff: true,
  },
];

/** The Orders page's link for a figure. */
export function figurePath(figure: Pick<OrderFigure, "filters">): string {
  return `/admin/orders${filtersToSearch(figure.filters)}`;
}

/** The report of today (`from` and `to` today in Sri Lanka), which the home's money is. */
export function todayReportSearch(now: Date): string {
  const today = colomboDate(now);
  return `?${new URLSearchParams({ from: today, to: today, grain: "day" })}`;
}

/** The last 30 days by day, up to today in Sri Lanka: the home's small takings chart. */
export function last30DaysSearch(now: Date): string {
  const today = colomboDate(now);
  return `?${new URLSearchParams({ from: addDays(today, -29), to: today, grain: "day" })}`;
}
