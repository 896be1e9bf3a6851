/** The islands a page can hold; the client entry hydrates each by this name. */
export const ISLAND_NAMES = [
  "CartBadge",
  "BookList",
  "StationeryList",
  "ImageGallery",
  "BookPurchase",
  "Cart",
  "Checkout",
  "Register",
  "ProofUpload",
  "TrackForm",
  "GiftVoucherBalance",
  "Login",
  "Account",
  "ResetPassword",
  "StockAlert",
  "StockAlertStop",
  "VerifyEmail",
] as const;

export type IslandName = typeof ISLAND_NAMES[number];

/** The id of the JSON script holding every island's props. */
export const ISLAND_DATA_ID = "island-data";

/** The id of the JSON script holding the words the page's islands use (web/i18n/page_words.ts). */
export const PAGE_WORDS_ID = "page-words";
