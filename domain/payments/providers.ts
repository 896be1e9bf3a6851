/**
 * The shop's payment providers: each one an adapter of the provider port (gateway.ts) under
 * its key, and the methods it serves named by the payment policy table
 * (domain/orders/payment_policy.ts, `provider`). A method paid through a provider is offered
 * only when that provider is configured; its orders' pages carry that provider's form; its
 * notices come to one route, `/api/payments/{key}/notify`, and are read by that provider
 * alone. A new provider is its adapter, its key here and its method's record in the table.
 */
import { type PaymentGateway, PROVIDER_KEYS, type ProviderKey } from "./gateway.ts";

export { PROVIDER_KEYS, type ProviderKey };

/** The providers configured for this shop (none: only methods paid offline are offered). */
export type PaymentProviders = Readonly<Partial<Record<ProviderKey, PaymentGateway>>>;

/**
 * Whether `key` names a provider the shop knows.
 *
 * @example isProviderKey("koko") // true
 * @example isProviderKey("paypal") // false
 */
export function isProviderKey(key: string): key is ProviderKey {
  return (PROVIDER_KEYS as readonly string[]).includes(key);
}

/**
 * The keys of the providers configured in `providers` (none when absent).
 *
 * @example providerKeys({ payhere }) // ["payhere"]
 */
export function providerKeys(providers: PaymentProviders | undefined): ProviderKey[] {
  return PROVIDER_KEYS.filter((key) => providers?.[key] !== undefined);
}

/**
 * The providers of `providers` that are configured, as a list (for the pages' CSP and the
 * start's log).
 */
export function providerList(providers: PaymentProviders): PaymentGateway[] {
  return PROVIDER_KEYS.flatMap((key) => providers[key] ? [providers[key]] : []);
}
