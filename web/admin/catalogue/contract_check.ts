/**
 * The catalogue forms checked by the API's own schemas (contract/requests.ts) before they
 * are sent: a field the form's own checks let through but the shop would refuse is marked
 * at once, with the API's message (the admin area speaks English). The schemas and zod are
 * loaded the first time a form is sent, so the admin's bundle does not carry them; when
 * they cannot be loaded, the form is sent and the server's answer marks the fields.
 */
import type * as Requests from "../../../contract/requests.ts";
import type { FieldErrors } from "../validation.ts";

export type RequestSchemas = typeof Requests;

/** What a check needs of a schema: zod's safeParse. */
interface Checks {
  safeParse(value: unknown): {
    success: boolean;
    error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
  };
}

/**
 * Each top-level field's first refusal by the schema `pick` chooses, with the API's message.
 *
 * @example await contractErrors((s) => s.newBookFields, textFields(form))
 */
export async function contractErrors(
  pick: (schemas: RequestSchemas) => Checks,
  body: unknown,
): Promise<FieldErrors> {
  const schemas = await import("../../../contract/requests.ts").catch(() => undefined);
  if (!schemas) return {};
  const checked = pick(schemas).safeParse(body);
  const errors: FieldErrors = {};
  for (const issue of checked.error?.issues ?? []) {
    const field = String(issue.path[0] ?? "");
    if (field !== "" && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** The text fields of a multipart form, as the server reads them (the first of each name). */
export function textFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === "string" && !(name in fields)) fields[name] = value;
  }
  return fields;
}
