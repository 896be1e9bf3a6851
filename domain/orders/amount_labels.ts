/**
 * The words people read beside an order's amounts, on every screen, mail and slip. The
 * API keeps its field names (`total` is the items' sum, `subtotal` what is paid); people
 * read "total" as the amount to pay, so these labels say it plainly.
 */
export const AMOUNT_LABELS = {
  /** The items' sum, before delivery (the API's `total`). */
  items: "Items",
  deliveryFee: "Delivery fee",
  /** Items plus delivery (the API's `subtotal`): what the shopper pays. */
  totalToPay: "Total to pay",
} as const;
