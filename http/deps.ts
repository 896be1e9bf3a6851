/** What the HTTP app is built from: ports, use-case settings and the shop's details. */
import type { Hono } from "hono";
import type {
  AccountRepository,
  Catalogue,
  CatalogueAdmin,
  Clock,
  ImageStorage,
  Locations,
  OrderRepository,
  PasswordHasher,
  SlipRenderer,
} from "../domain/ports.ts";
import type { BankDetails, ShopInfo } from "../domain/shop.ts";
import type { FeeRules } from "../domain/orders/fees.ts";
import type { TokenService } from "./auth/tokens.ts";
import type { Logger } from "./errors.ts";

export interface AppDeps {
  catalogue: Catalogue;
  catalogueAdmin: CatalogueAdmin;
  locations: Locations;
  orders: OrderRepository;
  images: ImageStorage;
  slips: SlipRenderer;
  tokens: TokenService;
  accounts: AccountRepository;
  hasher: PasswordHasher;
  bank: BankDetails;
  shop: ShopInfo;
  clock: Clock;
  logger: Logger;
  /** The delivery fee table; the shop's own when absent. */
  feeRules?: FeeRules;
  /** The storefront pages, mounted last at "/". */
  pages?: Hono;
  /** Believe X-Forwarded-For (only behind the shop's own reverse proxy). */
  trustProxy?: boolean;
}

/** Variables every request carries. */
export type AppEnv = { Variables: { requestId: string } };
