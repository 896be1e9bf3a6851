/**
 * The owner's clock: promotions are entered and shown in Sri Lanka's time (Asia/Colombo,
 * UTC+05:30 all year, no daylight saving) and kept as UTC instants. The rule is the
 * shop's one rule of dates (domain/dates/colombo.ts): a day of the shop's years.
 */
import { checkColomboLocal, instantToColomboLocal } from "../dates/colombo.ts";

export { instantToColomboLocal };

/**
 * The instant a Colombo date and time stands for (ISO 8601, UTC), or undefined when it is
 * not a real one of the shop's years (2000 to 2100).
 *
 * @example colomboLocalToInstant("2026-09-19T00:00") // "2026-09-18T18:30:00.000Z"
 * @example colomboLocalToInstant("2026-02-30T10:00") // undefined
 */
export function colomboLocalToInstant(local: string): string | undefined {
  const check = checkColomboLocal(local);
  return check.kind === "ok" ? check.instant : undefined;
}
