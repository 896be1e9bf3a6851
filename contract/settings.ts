/**
 * The shop's settings on the wire (/api/settings), built from their declarations
 * (domain/settings/settings.ts): the answer names every setting with its value, bounds,
 * default and words; a change names only the settings it changes.
 */
import { z } from "zod";
import { SETTING_NAMES, type SettingDeclaration, SETTINGS } from "../domain/settings/settings.ts";
import { wholeNumber } from "./field_schemas.ts";

function valueSchema(setting: SettingDeclaration): z.ZodType {
  return setting.kind === "flag"
    ? z.boolean({ error: "must be true or false" })
    : wholeNumber(setting.min, setting.max);
}

/** PUT /api/settings: the settings to change, each within its bounds. */
export const settingsChangeBody = z.strictObject(
  Object.fromEntries(
    SETTING_NAMES.map((name) => [
      name,
      valueSchema(SETTINGS[name]).optional().describe(SETTINGS[name].help),
    ]),
  ) as Record<string, z.ZodOptional<z.ZodType>>,
).refine((body) => Object.keys(body).length > 0, "must name at least one setting");

const setting = z.object({
  name: z.enum(SETTING_NAMES as [string, ...string[]]),
  kind: z.enum(["count", "flag"]),
  value: z.union([z.number().int(), z.boolean()]),
  default: z.union([z.number().int(), z.boolean()]),
  min: z.number().int().nullable(),
  max: z.number().int().nullable(),
  label: z.string(),
  help: z.string(),
});

/** GET and PUT /api/settings: every setting, in the order they are declared. */
export const SettingsSchema = z.array(setting);

export type WireSetting = z.output<typeof setting>;
