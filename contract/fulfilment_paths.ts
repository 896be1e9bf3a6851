/**
 * Where the fulfilment routes are (/api/fulfilment): couriers, an order's parcels and the
 * cash on delivery. Apart from contract/paths.ts because only the admin area calls them:
 * the storefront's shared bundle, which carries every place paths.ts holds, stays as it is.
 */
import type { Method } from "./paths.ts";

function at<const M extends Method, const P extends string>(method: M, path: P) {
  return { method, path };
}

export const FULFILMENT_PATHS = {
  couriers: at("GET", "/api/fulfilment/couriers"),
  saveCourier: at("PUT", "/api/fulfilment/couriers/:courierId"),
  shipments: at("GET", "/api/fulfilment/orders/:id/shipments"),
  pack: at("POST", "/api/fulfilment/orders/:id/shipments"),
  move: at("PUT", "/api/fulfilment/shipments/:id/status"),
  cod: at("POST", "/api/fulfilment/shipments/:id/cod"),
  waybill: at("PUT", "/api/fulfilment/shipments/:id/waybill"),
  sendToCourier: at("POST", "/api/fulfilment/shipments/:id/courier-delivery"),
  refreshTracking: at("POST", "/api/fulfilment/shipments/:id/tracking"),
  cashWithCouriers: at("GET", "/api/fulfilment/cod"),
  preorderOrders: at("GET", "/api/fulfilment/preorders/:id/orders"),
  preorderWait: at("GET", "/api/fulfilment/orders/:id/preorder-wait"),
};
