/** How long delivery takes, as the shop promises it (the mails and slips say it in words). */

/** The standard delivery promise for orders without pre-order lines. */
export const DELIVERY_PROMISE = "3 - 5 working days";
/** The delivery promise for pre-ordered books. */
export const PREORDER_PROMISE = "3 - 4 weeks";
