/**
 * /api/settings: the owner's settings (domain/settings/settings.ts): the message budgets and
 * what staff see of the shoppers' personal data.
 */
import { SETTINGS_PATHS } from "../admin_paths.ts";
import { ADMIN_ERRORS, defineRoute } from "../route.ts";
import { data } from "../records.ts";
import { settingsChangeBody, SettingsSchema } from "../settings.ts";

export const SETTINGS_ROUTES = {
  read: defineRoute({
    ...SETTINGS_PATHS.read,
    summary: "Every setting with its value, bounds, default and what it does",
    admin: "settings",
    ok: { status: 200, schema: data(SettingsSchema) },
    errors: ADMIN_ERRORS,
  }),
  change: defineRoute({
    ...SETTINGS_PATHS.change,
    summary:
      "Change some settings (only those named); each within its bounds, else 400 naming it. Kept in the audit trail",
    admin: "settings",
    json: settingsChangeBody,
    ok: { status: 200, schema: data(SettingsSchema) },
    errors: [...ADMIN_ERRORS, 400, 415],
  }),
};
