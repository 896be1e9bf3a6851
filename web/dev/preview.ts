/**
 * Serves the storefront over in-memory ports and a demo catalogue, with the real API
 * routes, for a look in a browser: `deno run -A web/dev/preview.ts [port]`.
 */
import { Hono } from "hono";
import { createApp } from "../../http/app.ts";
import { testApp } from "../../http/testing/fixture.ts";
import { MemoryOrderRepository } from "../../adapters/memory/orders.ts";
import { MemoryPromotionStore } from "../../adapters/memory/promotions.ts";
import { MemoryVoucherStore } from "../../adapters/memory/vouchers.ts";
import type { MemoryCatalogue } from "../../adapters/memory/catalogue.ts";
import type { StockAlertStore } from "../../domain/stock_alerts/ports.ts";
import { pagesApp } from "../../http/pages/mod.ts";
import { ensureBuilt } from "../../scripts/build_web.ts";
import { coverSvg, sampleCatalogue } from "./sample_catalogue.ts";
import { customerOrderView } from "../../domain/orders/customer_view.ts";
import type { BankDetails, ShopInfo } from "../../domain/shop.ts";

/**
 * The preview shop: the app, its order store (to check what a browser session placed), its
 * catalogue (to add the awkward products a check needs), its promotions (none running
 * until a check adds them) and its gift vouchers (none until a check issues one).
 */
export async function previewShop(): Promise<
  {
    app: Hono;
    orders: MemoryOrderRepository;
    catalogue: MemoryCatalogue;
    promotions: MemoryPromotionStore;
    /** Gift vouchers, spent and given back by the orders. */
    vouchers: MemoryVoucherStore;
    /** The back-in-stock requests shoppers leave on sold-out products. */
    stockAlerts: StockAlertStore;
    /** The shop's details and bank, as its mails and slips write them. */
    shop: ShopInfo;
    bank: BankDetails;
  }
> {
  const catalogue = await sampleCatalogue();
  const promotions = new MemoryPromotionStore();
  const vouchers = new MemoryVoucherStore();
  const orders = new MemoryOrderRepository(catalogue, undefined, promotions, vouchers);
  const { deps } = await testApp({
    catalogue,
    catalogueAdmin: catalogue,
    orders,
    promotions,
    vouchers,
  });
  const pages = pagesApp({
    catalogue,
    promotions,
    locations: deps.locations,
    bank: deps.bank,
    shop: deps.shop,
    maxLineQuantity: deps.orderRules?.maxLineQuantity,
    cartPricing: { orders, clock: deps.clock, promotions, feeRules: deps.feeRules },
    // The order's page opens for the link the checkout answers, as in the shop.
    customerOrder: async (id, key) => {
      const order = await orders.findByKey(id, await deps.orderKeys.hash(key));
      return order && customerOrderView(order);
    },
  });
  const api = createApp({ ...deps, pages });
  const app = new Hono();
  app.get(
    "/uploads/:key",
    (c) => c.body(coverSvg(c.req.param("key")), 200, { "Content-Type": "image/svg+xml" }),
  );
  app.route("/", api);
  return {
    app,
    orders,
    catalogue,
    promotions,
    vouchers,
    stockAlerts: deps.stockAlerts!,
    shop: deps.shop,
    bank: deps.bank,
  };
}

export async function previewApp(): Promise<Hono> {
  return (await previewShop()).app;
}

if (import.meta.main) {
  await ensureBuilt();
  const port = Number(Deno.args[0] ?? 8123);
  const app = await previewApp();
  Deno.serve({ port, hostname: "127.0.0.1" }, app.fetch);
}
