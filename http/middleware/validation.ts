/**
 * Request checks shared by every route, the auth routes' included: zValidator with the
 * one validation hook, a JSON body requirement, and multipart forms split into text
 * fields and files. The checks answer by themselves rather than throwing to
 * `app.onError`, so a sub-app keeps the error shape wherever it is mounted (the auth
 * routes are tested on their own).
 */
import type { Context, MiddlewareHandler, ValidationTargets } from "hono";
import { zValidator } from "@hono/zod-validator";
import type { z } from "zod";
import {
  ApiError,
  errorResponse,
  fieldProblems,
  type IssueLike,
  validationFailed,
} from "./errors.ts";
import { formTextProblems, jsonTextProblems } from "./text_rule.ts";

/** Hook for zValidator: answers 400 VALIDATION_FAILED with the field problems. */
export function validationHook(
  result: { success: boolean; error?: { issues: readonly IssueLike[] } },
  c: Context,
): Response | undefined {
  if (result.success) return undefined;
  return errorResponse(c, validationFailed(fieldProblems(result.error?.issues ?? [])));
}

/** zValidator whose failures answer 400 VALIDATION_FAILED. */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  return zValidator(target, schema, validationHook);
}

function mediaType(header: string | undefined): string {
  return (header ?? "").split(";")[0].trim().toLowerCase();
}

/**
 * Requires a JSON body: another media type answers 415, unparsable JSON 400, a body past
 * its route's cap or its read deadline the gate's 413 or 408 (body_gate.ts), text against
 * the text rule 400 naming the field. The parsed body is cached by Hono, so
 * zValidator("json", ...) after this reads it again for free.
 */
export function jsonBody(): MiddlewareHandler {
  return async (c, next) => {
    if (!/^application\/([\w.-]+\+)?json$/.test(mediaType(c.req.header("Content-Type")))) {
      return errorResponse(
        c,
        new ApiError(
          415,
          "UNSUPPORTED_MEDIA_TYPE",
          "Expected a JSON body (Content-Type: application/json)",
        ),
      );
    }
    let body: unknown;
    try {
      body = await c.req.json();
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(c, error);
      return errorResponse(c, new ApiError(400, "BAD_REQUEST", "Malformed JSON in request body"));
    }
    const problems = jsonTextProblems(body);
    if (problems.length > 0) return errorResponse(c, validationFailed(problems));
    await next();
  };
}

/**
 * Requires a URL-encoded form body (a gateway's notice): another media type answers 415,
 * a body past its route's cap or its read deadline the gate's 413 or 408. Hono caches the
 * parsed body, so zValidator("form", ...) after this reads it again for free.
 */
export function formBody(): MiddlewareHandler {
  return async (c, next) => {
    if (mediaType(c.req.header("Content-Type")) !== "application/x-www-form-urlencoded") {
      return errorResponse(
        c,
        new ApiError(
          415,
          "UNSUPPORTED_MEDIA_TYPE",
          "Expected a form (Content-Type: application/x-www-form-urlencoded)",
        ),
      );
    }
    try {
      await c.req.parseBody();
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(c, error);
      return errorResponse(c, new ApiError(400, "BAD_REQUEST", "Malformed form body"));
    }
    await next();
  };
}

export interface MultipartForm {
  /** The first text value of each field. */
  fields: Record<string, string>;
  /** Every file of each field. */
  files: Record<string, File[]>;
}

/**
 * Reads a multipart form: 415 for another media type, 400 when the body is not a form or
 * a text field breaks the text rule, the gate's 413 or 408 past the route's cap or the
 * read deadline. Call it after every check that needs no body.
 */
export async function readForm(request: Request): Promise<FormData> {
  if (mediaType(request.headers.get("Content-Type") ?? undefined) !== "multipart/form-data") {
    throw new ApiError(
      415,
      "UNSUPPORTED_MEDIA_TYPE",
      "Expected a multipart form (Content-Type: multipart/form-data)",
    );
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(400, "BAD_REQUEST", "Malformed multipart form");
  }
  const problems = formTextProblems(form);
  if (problems.length > 0) throw validationFailed(problems);
  return form;
}

/** Reads a multipart form (`readForm`) into its text fields and files. */
export async function readMultipart(request: Request): Promise<MultipartForm> {
  const form = await readForm(request);
  const fields: Record<string, string> = {};
  const files: Record<string, File[]> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") {
      if (!(name in fields)) fields[name] = value;
    } else {
      (files[name] ??= []).push(value);
    }
  }
  return { fields, files };
}

/** Parses form fields with a schema, throwing 400 naming each bad field. */
export function parseFields<T extends z.ZodType>(schema: T, fields: unknown): z.output<T> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw validationFailed(fieldProblems(parsed.error.issues));
  return parsed.data;
}
