/**
 * Security headers on every answer, and the Content-Security-Policy builder. A handler
 * that sets its own policy (a page with script hashes or a nonce) keeps it: the
 * defaults only fill what is missing.
 */
import type { MiddlewareHandler } from "hono";

export type CspDirectives = Record<string, readonly string[]>;

/** The shop's baseline: only its own origin; no plugins, no framing, no <base> tricks. */
export const DEFAULT_CSP: Readonly<CspDirectives> = Object.freeze({
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "style-src": ["'self'"],
  "img-src": ["'self'", "data:"],
  "font-src": ["'self'"],
  "connect-src": ["'self'"],
  "form-action": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'none'"],
  "frame-ancestors": ["'none'"],
});

/**
 * A policy string from the defaults plus extra sources per directive.
 *
 * @example buildCsp({ "script-src": ["'sha256-abc='"] })
 * // "default-src 'self'; script-src 'self' 'sha256-abc='; ..."
 */
export function buildCsp(extra: CspDirectives = {}): string {
  const merged: Record<string, string[]> = {};
  for (const [name, sources] of Object.entries(DEFAULT_CSP)) merged[name] = [...sources];
  for (const [name, sources] of Object.entries(extra)) {
    const current = merged[name] ?? [];
    merged[name] = [...current, ...sources.filter((s) => !current.includes(s))];
  }
  return Object.entries(merged).map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

const DEFAULT_POLICY = buildCsp();

/** A year, the HSTS max-age browsers' preload lists ask for. */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The headers every answer carries unless the handler set its own. With `hsts` (the
 * shop's public URL is https) browsers are told to use https only, for a year.
 */
export function securityHeaders(options: { hsts?: boolean } = {}): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    if (options.hsts) {
      headers.set(
        "Strict-Transport-Security",
        `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
      );
    }
    const defaults: Record<string, string> = {
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "Content-Security-Policy": DEFAULT_POLICY,
      "Cross-Origin-Opener-Policy": "same-origin",
    };
    for (const [name, value] of Object.entries(defaults)) {
      if (!headers.has(name)) headers.set(name, value);
    }
  };
}
