/**
 * The order summary as the server renders it. In the browser the checkout loads its summary
 * apart (`React.lazy`, beside the page), which a server render cannot wait for: the server's
 * renderer hands the component itself through this context, so that a checkout the server
 * draws (http/pages/drawn_cart.ts) has its lines and totals in its HTML, and the browser's
 * lazy summary takes over that same markup once its code is in.
 */
import { type ComponentType, createContext } from "react";
import type { OrderSummary } from "./OrderSummary.tsx";

export const ServerOrderSummary = createContext<
  ComponentType<Parameters<typeof OrderSummary>[0]> | null
>(
  null,
);
