/**
 * Request-body checks for the auth routes: a JSON body, then a zod schema whose
 * failures answer 400 VALIDATION_FAILED with `details: [{ field, message }]`.
 */
import type { Context, MiddlewareHandler } from "hono";
import { errorBody } from "../errors.ts";

export interface FieldProblem {
  field: string;
  message: string;
}

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

/** One entry per bad field (its first problem), `body` for the body as a whole. */
export function fieldProblems(issues: readonly IssueLike[]): FieldProblem[] {
  const byField = new Map<string, string>();
  for (const issue of issues) {
    const field = issue.path.map(String).join(".") || "body";
    if (!byField.has(field)) byField.set(field, issue.message);
  }
  return [...byField].map(([field, message]) => ({ field, message }));
}

/** Hook for zValidator: answers 400 with the field problems when validation fails. */
export function validationHook(
  result: { success: boolean; error?: { issues: readonly IssueLike[] } },
  c: Context,
): Response | undefined {
  if (result.success) return undefined;
  const details = fieldProblems(result.error?.issues ?? []);
  const names = details.map((d) => d.field).join(", ");
  return c.json(errorBody("VALIDATION_FAILED", `Invalid fields: ${names}`, details), 400);
}

/**
 * Requires a JSON body: another media type answers 415, unparsable JSON 400. The parsed
 * body is cached by Hono, so zValidator("json", ...) after this reads it again for free.
 */
export function jsonBody(): MiddlewareHandler {
  return async (c, next) => {
    const mediaType = (c.req.header("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
    if (!/^application\/([\w.-]+\+)?json$/.test(mediaType)) {
      return c.json(
        errorBody(
          "UNSUPPORTED_MEDIA_TYPE",
          "Expected a JSON body (Content-Type: application/json)",
        ),
        415,
      );
    }
    try {
      await c.req.json();
    } catch {
      return c.json(errorBody("BAD_REQUEST", "Malformed JSON in request body"), 400);
    }
    await next();
  };
}
