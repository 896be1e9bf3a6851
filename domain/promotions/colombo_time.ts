/**
 * The owner's clock: promotions are entered and shown in Sri Lanka's time (Asia/Colombo,
 * UTC+05:30 all year, no daylight saving) and kept as UTC instants.
 */

const OFFSET_MINUTES = 330;

/** A Colombo date and time as the owner writes it: `2026-09-19T09:00` (seconds optional). */
export const COLOMBO_LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant a Colombo date and time stands for (ISO 8601, UTC), or undefined when it is
 * not a real one.
 *
 * @example colomboLocalToInstant("2026-09-19T00:00") // "2026-09-18T18:30:00.000Z"
 * @example colomboLocalToInstant("2026-02-30T10:00") // undefined
 */
export function colomboLocalToInstant(local: string): string | undefined {
  const match = COLOMBO_LOCAL.exec(local);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  const back = new Date(utc);
  if (back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return undefined;
  return new Date(utc - OFFSET_MINUTES * 60_000).toISOString();
}

/**
 * An instant as Colombo's date and time to the minute, as a form's
 * `<input type="datetime-local">` holds it.
 *
 * @example instantToColomboLocal("2026-09-18T18:30:00.000Z") // "2026-09-19T00:00"
 */
export function instantToColomboLocal(instant: string): string {
  return new Date(Date.parse(instant) + OFFSET_MINUTES * 60_000).toISOString().slice(0, 16);
}
