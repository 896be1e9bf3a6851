/** The words of the login screen for a failed login. */
import { ApiFailure } from "../api.ts";

/** 'Invalid credentials' on 401; on 429 how long to wait, in whole minutes. */
export function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiFailure) {
    if (error.status === 401) return "Invalid credentials";
    if (error.status === 429) {
      const seconds = error.retryAfterSeconds ?? retryAfterFromDetails(error.details);
      if (seconds === undefined) return "Too many attempts. Try again later";
      const minutes = Math.max(1, Math.ceil(seconds / 60));
      return `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}`;
    }
    if (error.status === 0) return error.message;
    return `Login failed: ${error.message}`;
  }
  return "Login failed";
}

function retryAfterFromDetails(details: unknown): number | undefined {
  if (typeof details !== "object" || details === null) return undefined;
  const value = (details as { retryAfter?: unknown; retryAfterSeconds?: unknown }).retryAfter ??
    (details as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}
