/**
 * A customer's own account: who they are, the default delivery address that prefills
 * checkout, and the orders they placed while signed in. Every route needs a live
 * customer token (401 without one, 403 for an admin's); nobody sees another's data.
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AccountRepository, CustomerOrders, Locations } from "../../domain/ports.ts";
import { customerOrderView } from "../../domain/orders/customer_view.ts";
import { orderUrl } from "./order_customer.ts";
import type { AppDeps } from "../deps.ts";
import { destinationProblem } from "../../domain/orders/place_order.ts";
import { ApiError, validationFailed } from "../errors.ts";
import { type AccountEnv, requireSignedIn } from "../auth/require_account.ts";
import type { TokenService } from "../auth/tokens.ts";
import { newOrderBody } from "../schemas.ts";
import { jsonBody, validate } from "../validation.ts";

export interface AccountRoutesDeps extends Pick<AppDeps, "orderKeys" | "shop"> {
  accounts: AccountRepository;
  customerOrders: CustomerOrders;
  locations: Locations;
  tokens: TokenService;
}

/** The default delivery address: the same fields and rules as checkout's. */
export const addressBody = newOrderBody.pick({
  name: true,
  address: true,
  phone: true,
  postalCode: true,
  province: true,
  district: true,
  area: true,
});

const DESTINATION_MESSAGES = {
  unknown_area: ["area", "No such area"],
  area_not_in_district: ["area", "This area is not in the chosen district"],
  district_not_in_province: ["district", "This district is not in the chosen province"],
} as const;

/** Mount with `app.route("/api/account", accountRoutes(deps))`. */
export function accountRoutes(deps: AccountRoutesDeps): Hono<AccountEnv> {
  const app = new Hono<AccountEnv>();
  app.use("*", requireSignedIn(deps.tokens, "customer"));

  async function profileOf(id: number) {
    const profile = await deps.accounts.findCustomerById(id);
    if (!profile) {
      // The account is gone: its tokens are no use any more.
      await deps.tokens.endAll("customer", id);
      throw new ApiError(401, "UNAUTHORIZED", "This account no longer exists");
    }
    return profile;
  }

  app.get("/", async (c) => {
    const profile = await profileOf(c.get("account").id);
    c.header("Cache-Control", "no-store");
    return c.json({
      data: {
        id: profile.id,
        username: profile.username,
        email: profile.email,
        address: profile.address,
      },
    });
  });

  app.put("/address", jsonBody(), validate("json", addressBody), async (c) => {
    const id = c.get("account").id;
    const body = c.req.valid("json");
    const found = await deps.locations.findArea(body.area);
    const problem = destinationProblem(
      { provinceId: body.province, districtId: body.district, areaId: body.area },
      found,
    );
    if (problem) {
      const [field, message] = DESTINATION_MESSAGES[problem];
      throw validationFailed([{ field, message }]);
    }
    const address = {
      name: body.name,
      phone: body.phone,
      address: body.address,
      postalCode: body.postalCode,
      province: body.province,
      district: body.district,
      area: body.area,
    };
    if (!await deps.accounts.saveCustomerAddress(id, address)) await profileOf(id);
    return c.json({ data: address });
  });

  app.get("/orders", async (c) => {
    // Only the signed-in customer's own orders, so the keys to their pages go to their owner.
    const orders = await deps.customerOrders.listByUser(c.get("account").id);
    const data = await Promise.all(orders.map(async (order) => ({
      ...customerOrderView(order),
      order_url: await orderUrl(deps, order) ?? null,
    })));
    c.header("Cache-Control", "no-store");
    return c.json({ data });
  });

  return app;
}

export const accountRecordSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  address: addressBody.nullable(),
});
