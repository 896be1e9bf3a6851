/**
 * The forms' checks, loaded when a form appears rather than with its page: they carry the
 * request schemas of contract/ and zod, which no page needs to show itself (the storefront's
 * first load stays within its budget: docs/benchmarks.md). A form starts the load as it
 * mounts and has the checks by its first submit; when they cannot be loaded (the shopper
 * went offline), the form sends as it is and words the server's answer instead.
 */
import type * as OrderChecks from "./order_checks.ts";
import type * as AccountChecks from "./account_checks.ts";

/** The checks of checkout, the saved address and the order look-up; undefined if unloadable. */
export function orderChecks(): Promise<typeof OrderChecks | undefined> {
  return import("./order_checks.ts").catch(() => undefined);
}

/** The checks of login, registration, a password change and a reset; undefined if unloadable. */
export function accountChecks(): Promise<typeof AccountChecks | undefined> {
  return import("./account_checks.ts").catch(() => undefined);
}
