/** What the HTTP app is built from: ports, use-case settings and the shop's details. */
import type { BackgroundWork } from "./background.ts";
import type { VoucherStore } from "../domain/vouchers/ports.ts";
import type { FulfilmentStore } from "../domain/fulfilment/ports.ts";
import type { CourierApis } from "../domain/fulfilment/courier_api.ts";
import type { WorkGuard } from "./middleware/work_budget.ts";
import type { SettingsStore } from "../domain/settings/settings.ts";
import type { Hono } from "hono";
import type {
  AccountRepository,
  Catalogue,
  CatalogueAdmin,
  Clock,
  CustomerOrders,
  EmailVerificationStore,
  ImageStorage,
  Locations,
  OrderKeys,
  OrderRepository,
  Outbox,
  PasswordHasher,
  PasswordResetStore,
  RateLimitStore,
  ReceiptRenderer,
  SlipRenderer,
} from "../domain/ports.ts";
import type { BankDetails, ShopInfo } from "../domain/shop.ts";
import type { CoverRenderer } from "../domain/catalogue/book_import.ts";
import type { FeeRules } from "../domain/fulfilment/delivery_fees.ts";
import type { OrderRules } from "../domain/orders/place_order.ts";
import type { TokenService } from "./auth/tokens.ts";
import type { Logger } from "./middleware/errors.ts";
import type { AuthLimits, LimitRule } from "./auth/routes.ts";
import type { JobRounds, ReadinessCheck } from "./middleware/ops.ts";
import type { ResponseStore } from "./middleware/response_cache.ts";
import type { BodyTimeouts } from "./middleware/body_timeout.ts";
import type { TrustProxySetting } from "./auth/client_address.ts";
import type { SlipRules } from "../domain/orders/payment_proofs.ts";
import type { PaymentProviders } from "../domain/payments/providers.ts";
import type { PaymentLedger, RefundStore } from "../domain/payments/ports.ts";
import type { PromotionStore } from "../domain/promotions/ports.ts";
import type { SalesFacts } from "../domain/reports/ports.ts";
import type { OwnerPageStore } from "../domain/pages/ports.ts";
import type { StockAlertStore } from "../domain/stock_alerts/ports.ts";
import type { AuditTrail } from "../domain/audit/audit.ts";

export type { AppEnv } from "./middleware/request_id.ts";

export interface AppDeps {
  catalogue: Catalogue;
  catalogueAdmin: CatalogueAdmin;
  locations: Locations;
  orders: OrderRepository;
  /** A customer's own orders, for their account. */
  customerOrders: CustomerOrders;
  /** The figures of the owner's sales report. */
  reports: SalesFacts;
  images: ImageStorage;
  slips: SlipRenderer;
  /** Draws the receipt a customer downloads from their order's page. */
  receipts: ReceiptRenderer;
  tokens: TokenService;
  accounts: AccountRepository;
  /** Hashes customers' passwords (registration, customer logins). */
  hasher: PasswordHasher;
  /** Hashes admins' passwords in a lane of its own, so they never wait behind customers'. */
  adminHasher?: PasswordHasher;
  bank: BankDetails;
  shop: ShopInfo;
  clock: Clock;
  logger: Logger;
  /** The delivery fee table; the shop's own when absent. */
  feeRules?: FeeRules;
  /** The storefront pages, mounted last at "/". */
  pages?: Hono;
  /** Which X-Forwarded-For entries to believe (only behind the shop's own reverse proxies). */
  trustProxy?: TrustProxySetting;
  /** Per-address limits count an IPv6 client by a network of this many bits; 64 when absent. */
  ipv6PrefixLength?: number;
  /** Requests that hash a password, under way at once from one address; 4 when absent. */
  hashingPerAddress?: number;
  /** Failed-login limits per account and per address; the auth routes' defaults when absent. */
  loginLimits?: AuthLimits;
  /** Orders placed from one address; 120 in 10 minutes when absent. */
  orderLimit?: LimitRule;
  /** Orders for one e-mail address or one phone number; 10 in 10 minutes when absent. */
  orderContactLimit?: LimitRule;
  /**
   * Discount codes one client may have refused, on the cart's pricing and on orders alike;
   * 10 in 15 minutes when absent (http/routes/code_attempts.ts).
   */
  codeAttemptLimit?: LimitRule;
  /**
   * Discount codes the whole shop may have refused in a window before every client is slowed
   * and the owner told; 100 in 15 minutes when absent (`CODE_REFUSAL_SHOP_LIMIT`).
   */
  codeRefusalShopLimit?: LimitRule;
  /** Where the shop's own notices go (`ORDER_NOTIFY_EMAIL`); the shop's address when absent. */
  notifyEmail?: string;
  /** The keys that open orders' pages to their customers. */
  orderKeys: OrderKeys;
  /** Holds, copies per line and what one client may hold; DEFAULT_ORDER_RULES when absent. */
  orderRules?: OrderRules;
  /** Deposit slips per client and the window of the shop's digest; DEFAULT_SLIP_RULES when absent. */
  slipRules?: Partial<SlipRules>;
  /** Where the order limits count, shared by every instance; this process's memory when absent. */
  rateLimits?: RateLimitStore;
  /** What /readyz asks; without it /readyz answers like /healthz. */
  readiness?: ReadinessCheck;
  /** The background jobs' rounds, which /healthz reports; none reported when absent. */
  jobs?: JobRounds;
  /** How long a request body may take; DEFAULT_BODY_TIMEOUTS when absent. */
  bodyTimeouts?: BodyTimeouts;
  /** Where whole answers of the public catalogue reads are kept; none kept when absent. */
  responseCache?: ResponseStore;
  /** Password reset links (the database's, shared by every instance). */
  passwordResets: PasswordResetStore;
  /** The links that confirm customers' addresses, whose use joins their guest orders. */
  emailVerifications: EmailVerificationStore;
  /**
   * Queues the account mails (password reset, a registration of a taken e-mail) in the mail
   * outbox, which sends them and tries again while the mail server is down; none without it.
   */
  accountMail?: Pick<Outbox, "enqueue">;
  /**
   * Tracks what routes go on with after answering (account mails queued in the background);
   * each route runs its own untracked when absent.
   */
  background?: BackgroundWork;
  /** Makes the cover of an imported book that has no images; such rows are refused without it. */
  covers?: CoverRenderer;
  /**
   * The payment providers configured (PayHere for cards, Koko for instalments), by key: a
   * method paid through one that is absent is not offered (domain/payments/providers.ts).
   */
  providers?: PaymentProviders;
  /** Each order's payments, charge-backs and refunds; the providers' notices need it. */
  payments?: PaymentLedger;
  /** The owner's refunds; without them (or the ledger) the refund routes answer 503. */
  refunds?: RefundStore;
  /** The shop's promotions; none run when absent. */
  promotions?: PromotionStore;
  /** The shop's gift vouchers; without them none is issued, and a voucher is refused. */
  vouchers?: VoucherStore;
  /** Parcels, couriers and the cash-on-delivery ledger; without it /api/fulfilment is absent. */
  fulfilment?: FulfilmentStore;
  /**
   * The couriers' APIs configured (adapters/couriers/configured.ts): a parcel of a courier
   * whose API is here can be sent to it and tracked; the others are handled by hand.
   */
  courierApis?: CourierApis;
  /** Back-in-stock requests; without them the shop takes none (404 on their routes). */
  stockAlerts?: StockAlertStore;
  /** The pages the owner writes (FAQ, Terms, ...); /api/pages answers 503 when absent. */
  ownerPages?: OwnerPageStore;
  /** Back-in-stock requests one client may make; 10 in 10 minutes when absent. */
  stockAlertLimit?: LimitRule;
  /**
   * The audit trail: who acts for each request's changes, and the owner's log. Without it no
   * one is named (changes are the system's) and the log is empty.
   */
  audit?: AuditTrail;
  /**
   * The lane and budgets of reports, exports and imports (http/middleware/work_budget.ts);
   * the app makes its own, with the default budgets, when absent.
   */
  work?: WorkGuard;
  /** The owner's settings (domain/settings); the app keeps its own in memory when absent. */
  settings?: SettingsStore;
}
