/**
 * Request-body checks for the auth routes: a JSON body, then a zod schema whose
 * failures answer 400 VALIDATION_FAILED with `details: [{ field, message }]`.
 */
import type { Context, MiddlewareHandler } from "hono";
import { errorBody, errorResponse, fieldProblems, validationFailed } from "../errors.ts";

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * Hook for zValidator: answers 400 with the field problems when validation fails. It
 * answers by itself, rather than throwing to `app.onError`, so the auth routes keep
 * their error shape wherever they are mounted.
 */
export function validationHook(
  result: { success: boolean; error?: { issues: readonly IssueLike[] } },
  c: Context,
): Response | undefined {
  if (result.success) return undefined;
  return errorResponse(c, validationFailed(fieldProblems(result.error?.issues ?? [])));
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
