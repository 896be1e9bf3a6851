/** Loads each island's code on demand, so a page fetches only the islands it holds. */
import type { ComponentType } from "react";
import type { IslandName } from "./names.ts";

// deno-lint-ignore no-explicit-any
type Loader = () => Promise<ComponentType<any>>;

export const ISLAND_LOADERS: Record<IslandName, Loader> = {
  CartBadge: () => import("./CartBadge.tsx").then((m) => m.CartBadge),
  BookList: () => import("./BookList.tsx").then((m) => m.BookList),
  StationeryList: () => import("./StationeryList.tsx").then((m) => m.StationeryList),
  ImageGallery: () => import("./ImageGallery.tsx").then((m) => m.ImageGallery),
  BookPurchase: () => import("./BookPurchase.tsx").then((m) => m.BookPurchase),
  Cart: () => import("./Cart.tsx").then((m) => m.Cart),
  Checkout: () => import("./Checkout.tsx").then((m) => m.Checkout),
  Register: () => import("./Register.tsx").then((m) => m.Register),
  ProofUpload: () => import("./ProofUpload.tsx").then((m) => m.ProofUpload),
  TrackForm: () => import("./TrackForm.tsx").then((m) => m.TrackForm),
  GiftVoucherBalance: () => import("./GiftVoucherBalance.tsx").then((m) => m.GiftVoucherBalance),
  Login: () => import("./Login.tsx").then((m) => m.Login),
  Account: () => import("./Account.tsx").then((m) => m.Account),
  ResetPassword: () => import("./ResetPassword.tsx").then((m) => m.ResetPassword),
  StockAlert: () => import("./StockAlert.tsx").then((m) => m.StockAlert),
  StockAlertStop: () => import("./StockAlertStop.tsx").then((m) => m.StockAlertStop),
  VerifyEmail: () => import("./VerifyEmail.tsx").then((m) => m.VerifyEmail),
};
