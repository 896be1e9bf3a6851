/**
 * The couriers' APIs a shop's configuration names, each its adapter: the one place a
 * courier API is registered (domain/fulfilment/couriers.ts names the keys in COURIER_APIS,
 * and a courier's `api` says which it uses). A courier whose API is not configured is
 * handled by hand on the same screens.
 */
import type { CourierApi } from "../../domain/fulfilment/couriers.ts";
import type { CourierApiGateway, CourierApis } from "../../domain/fulfilment/courier_api.ts";
import { KoombiyoCourier } from "./koombiyo.ts";

/**
 * Each courier API's settings as the configuration gives them (config.ts reads them into
 * this type, declared once here where the APIs are registered).
 */
export interface CourierApiConfig {
  /**
   * Koombiyo (KOOMBIYO_API_KEY; KOOMBIYO_BASE_URL, Koombiyo's own address when undefined);
   * `timeoutMs` for the tests.
   */
  koombiyo?: { apiKey: string; baseUrl?: string | undefined; timeoutMs?: number };
}

/** How each courier API is built from its settings: one entry per API. */
const BUILDERS: {
  [K in CourierApi]: (settings: NonNullable<CourierApiConfig[K]>) => CourierApiGateway;
} = {
  koombiyo: (settings) =>
    new KoombiyoCourier({
      apiKey: settings.apiKey,
      ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}),
      ...(settings.timeoutMs ? { timeoutMs: settings.timeoutMs } : {}),
    }),
};

/** The courier APIs of a configuration; those without settings are left out. */
export function configuredCourierApis(config: CourierApiConfig): CourierApis {
  const apis: CourierApis = {};
  for (const key of Object.keys(BUILDERS) as CourierApi[]) {
    const settings = config[key];
    if (settings) apis[key] = BUILDERS[key](settings);
  }
  return apis;
}
