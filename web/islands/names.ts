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

/**
 * When the browser hydrates an island (web/entry_client.tsx); until then its server-rendered
 * HTML works as it does without scripts (links, forms that post to the server).
 * - `load`: at once (it draws what the server cannot: the stored cart, an account's data);
 * - `visible`: when it comes into view, or is used first;
 * - `used`: at the first press, focus or key inside it, which is replayed once hydrated;
 * - `cart`: at once when the stored cart holds something (the header's count), else with the
 *   page's first other island, a change of the cart in another tab, or when used;
 * - `drawn`: the server drew the stored cart from its cookie (domain/cart/cookie.ts): when
 *   used, when the stored cart changes (here or in another tab), or at once when the browser
 *   holds no cart (the cookie outlived it);
 * - `drawn-account`: as `drawn`, and at once for a signed-in customer (the checkout fills in
 *   their account's address);
 * - `empty`: the server drew an empty cart (no cookie came): at once when the stored cart
 *   holds a line after all (one stored before its cookie), else when used or when the stored
 *   cart changes (here or in another tab).
 * A page whose islands all wait loads no React at all until one is needed. An island the
 * server renders with a `when` of its own (`Island`'s prop) hydrates by that instead.
 */
export type HydrateWhen =
  | "load"
  | "visible"
  | "used"
  | "cart"
  | "drawn"
  | "drawn-account"
  | "empty";

export const HYDRATE_WHEN: Record<IslandName, HydrateWhen> = {
  CartBadge: "cart",
  BookList: "used",
  StationeryList: "used",
  ImageGallery: "used",
  BookPurchase: "used",
  Cart: "load",
  Checkout: "load",
  Register: "load",
  ProofUpload: "load",
  TrackForm: "used",
  GiftVoucherBalance: "used",
  Login: "load",
  Account: "load",
  ResetPassword: "load",
  StockAlert: "visible",
  StockAlertStop: "load",
  VerifyEmail: "load",
};
