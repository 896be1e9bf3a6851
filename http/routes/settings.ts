/**
 * The owner's settings under /api/settings (domain/settings/settings.ts). Only roles that may
 * do the "settings" task reach these handlers (the admin guard, http/app.ts).
 */
import { Hono } from "hono";
import type { AppEnv } from "../deps.ts";
import {
  readSettings,
  SETTING_NAMES,
  type SettingDeclaration,
  SETTINGS,
  type SettingsStore,
  type ShopSettings,
} from "../../domain/settings/settings.ts";
import type { WireSetting } from "../../contract/settings.ts";
import { SETTINGS_ROUTES } from "../../contract/routes/mod.ts";
import { serve } from "./route_spec.ts";

const BASE = "/api/settings";

/** Every setting as the API answers it. */
export function settingsRecord(settings: ShopSettings): WireSetting[] {
  return SETTING_NAMES.map((name) => {
    const setting: SettingDeclaration = SETTINGS[name];
    return {
      name,
      kind: setting.kind,
      value: settings[name],
      default: setting.default,
      min: setting.kind === "count" ? setting.min : null,
      max: setting.kind === "count" ? setting.max : null,
      label: setting.label,
      help: setting.help,
    };
  });
}

export function settingsRoutes(deps: { settings: SettingsStore }): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  serve(app, BASE, SETTINGS_ROUTES.read, async (c) => {
    return c.json({ data: settingsRecord(await readSettings(deps.settings)) });
  });

  serve(app, BASE, SETTINGS_ROUTES.change, async (c) => {
    await deps.settings.save(c.req.valid("json") as Partial<ShopSettings>);
    return c.json({ data: settingsRecord(await readSettings(deps.settings)) });
  });

  return app;
}
