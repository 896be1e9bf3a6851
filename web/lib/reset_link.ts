/**
 * A reset link the shop refused: expired, used already, or never made. The shop answers
 * its confirmation 400 with the `token` field named (http/auth/reset_routes.ts), which no
 * form field shows, so each reset form says so in its own words and offers a new link.
 */
import { ApiFailure } from "./api.ts";

/**
 * Whether a failed confirmation refused the link itself rather than the password.
 *
 * @example isRefusedResetLink(new ApiFailure(400, "VALIDATION_FAILED", "…", [{ field: "token", message: "…" }])) // true
 */
export function isRefusedResetLink(error: unknown): boolean {
  if (!(error instanceof ApiFailure) || error.status !== 400) return false;
  const details = Array.isArray(error.details) ? error.details : [];
  return details.some((detail) =>
    typeof detail === "object" && detail !== null &&
    (detail as { field?: unknown }).field === "token"
  );
}
