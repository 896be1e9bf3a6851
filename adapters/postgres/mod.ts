/**
 * PostgreSQL persistence: open the database (a server through postgres.js, or embedded
 * PGlite), bring its schema up to date, and build the repositories over it.
 *
 * @example
 * const sql = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
 * await migrate(sql);
 * const repositories = createRepositories(sql);
 */
import { PostgresVoucherStore } from "./vouchers.ts";
import { PostgresPaymentLedger } from "./payment_ledger.ts";
import { PostgresRefundStore } from "./refunds.ts";
import { PostgresFulfilmentStore } from "./fulfilment.ts";
import { PostgresSettings } from "./settings.ts";
import { PostgresMessageBudgets } from "./message_budgets.ts";
import type { SqlClient } from "./sql_client.ts";
import type { OutboxChannels } from "../../domain/ports.ts";
import { MAIL_ONLY } from "../../domain/notifications/sms_kinds.ts";
import { PostgresCatalogue } from "./catalogue.ts";
import { PostgresCatalogueAdmin } from "./catalogue_admin.ts";
import { PostgresLocations } from "./locations.ts";
import { PostgresOrderRepository } from "./orders.ts";
import { PostgresOutbox } from "./outbox.ts";
import { PostgresAccountRepository } from "./accounts.ts";
import { PostgresSessionStore } from "./sessions.ts";
import { PostgresPasswordResetStore } from "./password_resets.ts";
import { PostgresEmailVerifications } from "./email_verifications.ts";

import { PostgresSalesFacts } from "./sales_facts.ts";
import { PostgresStockAlerts } from "./stock_alerts.ts";
export type { Row, SqlClient } from "./sql_client.ts";
export { type DatabaseOptions, openDatabase } from "./open_database.ts";
export { migrate, MigrationMismatchError } from "./migrator.ts";
export { PgliteSqlClient } from "./pglite_client.ts";
export { PostgresJsSqlClient } from "./postgresjs_client.ts";
export { PostgresRateLimitStore } from "./rate_limits.ts";
export {
  PostgresAccountRepository,
  PostgresCatalogue,
  PostgresCatalogueAdmin,
  PostgresEmailVerifications,
  PostgresLocations,
  PostgresOrderRepository,
  PostgresOutbox,
  PostgresPasswordResetStore,
  PostgresSessionStore,
  PostgresStockAlerts,
};

export interface Repositories {
  catalogue: PostgresCatalogue;
  catalogueAdmin: PostgresCatalogueAdmin;
  locations: PostgresLocations;
  orders: PostgresOrderRepository;
  outbox: PostgresOutbox;
  accounts: PostgresAccountRepository;
  sessions: PostgresSessionStore;
  passwordResets: PostgresPasswordResetStore;
  /** The links that confirm customers' addresses, joining their guest orders (migration 0081). */
  emailVerifications: PostgresEmailVerifications;
  /** The orders repository again, as the port a customer's account reads. */
  customerOrders: PostgresOrderRepository;
  /** The sales report's figures, from the summaries kept at commit. */
  reports: PostgresSalesFacts;
  /** The back-in-stock requests (claimed by migration 0035's triggers as stock comes back). */
  stockAlerts: PostgresStockAlerts;
  /** Gift vouchers and their ledgers (spent and given back in the orders' transactions). */
  vouchers: PostgresVoucherStore;
  /** Each order's payments, charge-backs and refunds (migration 0060). */
  payments: PostgresPaymentLedger;
  /** The owner's refunds, pending, succeeded or failed (migration 0062). */
  refunds: PostgresRefundStore;
  /** Parcels, couriers and the cash-on-delivery ledger (migration 0090). */
  fulfilment: PostgresFulfilmentStore;
  /** The owner's settings (migration 0041). */
  settings: PostgresSettings;
  /** The message budgets' counts, shared by every instance (migration 0040). */
  messageBudgets: PostgresMessageBudgets;
}

/**
 * Every repository over one SqlClient; `channels.sms` when texts go out beside the
 * customer's mails (SMS configured).
 */
export function createRepositories(
  sql: SqlClient,
  channels: OutboxChannels = MAIL_ONLY,
): Repositories {
  const orders = new PostgresOrderRepository(sql, channels);
  return {
    catalogue: new PostgresCatalogue(sql),
    catalogueAdmin: new PostgresCatalogueAdmin(sql),
    locations: new PostgresLocations(sql),
    orders,
    customerOrders: orders,
    outbox: new PostgresOutbox(sql),
    accounts: new PostgresAccountRepository(sql),
    sessions: new PostgresSessionStore(sql),
    passwordResets: new PostgresPasswordResetStore(sql),
    emailVerifications: new PostgresEmailVerifications(sql),
    reports: new PostgresSalesFacts(sql),
    stockAlerts: new PostgresStockAlerts(sql),
    vouchers: new PostgresVoucherStore(sql),
    payments: new PostgresPaymentLedger(sql),
    refunds: new PostgresRefundStore(sql),
    fulfilment: new PostgresFulfilmentStore(sql),
    settings: new PostgresSettings(sql),
    messageBudgets: new PostgresMessageBudgets(sql),
  };
}
