/**
 * E-mail addresses as the shop keeps and compares them: trimmed and lower-cased, so that
 * "Owner@Pothgula.lk " and "owner@pothgula.lk" are one account.
 *
 * @example normalizeEmail(" Owner@Pothgula.LK ") // "owner@pothgula.lk"
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
