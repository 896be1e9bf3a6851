/** A checkout as the shop asks the gateway for one: order #1042, LKR 4,351.50. */
import type { GatewayCheckout } from "../../../domain/payments/gateway.ts";

export function sampleCheckout(overrides: Partial<GatewayCheckout> = {}): GatewayCheckout {
  return {
    orderId: 1042,
    amountCents: 435_150,
    currency: "LKR",
    items: "Pothgula order #1042",
    customer: {
      firstName: "Nimali",
      lastName: "Perera",
      email: "nimali@example.lk",
      phone: "0771234567",
      address: "45/2 Temple Road",
      city: "Mount Lavinia",
      country: "Sri Lanka",
    },
    returnUrl: "https://shop.example/orders/1042?key=k",
    cancelUrl: "https://shop.example/orders/1042?key=k&card=cancelled",
    notifyUrl: "https://shop.example/api/payments/payhere/notify",
    ...overrides,
  };
}
