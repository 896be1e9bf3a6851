/**
 * The shop's settings, which the owner decides in the admin area (`/admin/settings`,
 * `/api/settings`): the message budgets (domain/notifications/message_budget.ts) and what
 * staff see of the shoppers' personal data (domain/orders/staff_view.ts). Each setting is
 * declared once here, as data: its kind, bounds, default and words; the store keeps a row
 * per setting the owner changed (migration 0041), so a new setting is an entry here, never
 * a column. A stored value this declaration no longer allows is read as the default.
 */
import { DEFAULT_MESSAGE_LIMITS, type MessageLimits } from "../notifications/message_budget.ts";

/** A whole number from `min` to `max`. */
export interface CountSetting {
  kind: "count";
  min: number;
  max: number;
  default: number;
  label: string;
  help: string;
}

/** Yes or no. */
export interface FlagSetting {
  kind: "flag";
  default: boolean;
  label: string;
  help: string;
}

export type SettingDeclaration = CountSetting | FlagSetting;

export const SETTINGS = {
  mailsPerAddress: {
    kind: "count",
    min: 1,
    max: 1000,
    default: DEFAULT_MESSAGE_LIMITS.mailsPerAddress,
    label: "Mails to one address a day",
    help:
      "Every mail to one e-mail address in a day (Sri Lanka), whatever sent it: orders, lapses, password resets, look-ups, back-in-stock alerts. Past it the mail is not sent. The shop's own address has no bound",
  },
  textsPerPhone: {
    kind: "count",
    min: 1,
    max: 100,
    default: DEFAULT_MESSAGE_LIMITS.textsPerPhone,
    label: "Texts to one phone a day",
    help: "Every text to one phone number in a day. Past it the text is not sent",
  },
  textsPerDay: {
    kind: "count",
    min: 0,
    max: 100_000,
    default: DEFAULT_MESSAGE_LIMITS.textsPerDay,
    label: "Texts the shop sends a day",
    help:
      "All texts of a day together (each costs the shop). Past it texts wait for the next day, and the owner is mailed once",
  },
  ownerOrderMailsPerHour: {
    kind: "count",
    min: 1,
    max: 1000,
    default: DEFAULT_MESSAGE_LIMITS.ownerOrderMailsPerHour,
    label: "New-order mails to the shop an hour",
    help: "Past it, new orders are told in one digest mail a window instead of one mail each",
  },
  digestMinutes: {
    kind: "count",
    min: 1,
    max: 1440,
    default: DEFAULT_MESSAGE_LIMITS.digestMinutes,
    label: "Digest window (minutes)",
    help: "How often the digest of new orders goes out while they flood",
  },
  staffOrderDetails: {
    kind: "flag",
    default: true,
    label: "Staff open an order's delivery details",
    help:
      "Staff see the name, address and phone an order is sent to when they open it (what packing and sending need); every opening is in the audit trail. Off: only owners see them",
  },
  staffContactsInLists: {
    kind: "flag",
    default: false,
    label: "Staff see e-mail and phone in order lists",
    help:
      "Off: the order lists show staff the name and the town an order goes to, not the shopper's e-mail, phone or street address",
  },
} as const satisfies Record<string, SettingDeclaration>;

export type SettingName = keyof typeof SETTINGS;
export const SETTING_NAMES = Object.keys(SETTINGS) as SettingName[];

type ValueOf<D> = D extends { kind: "flag" } ? boolean : number;

/** Every setting's value. */
export type ShopSettings = { -readonly [N in SettingName]: ValueOf<typeof SETTINGS[N]> };

/** The settings before the owner changes any. */
export const DEFAULT_SETTINGS: ShopSettings = Object.fromEntries(
  SETTING_NAMES.map((name) => [name, SETTINGS[name].default]),
) as ShopSettings;

/** Whether `value` is one `name` allows. */
export function allows(name: SettingName, value: unknown): boolean {
  const setting: SettingDeclaration = SETTINGS[name];
  if (setting.kind === "flag") return typeof value === "boolean";
  return typeof value === "number" && Number.isInteger(value) && value >= setting.min &&
    value <= setting.max;
}

/**
 * The settings from the stored rows: each row a declared setting may hold, the defaults for
 * the rest (an unknown name or a value out of its bounds is left aside).
 *
 * @example settingsOf([{ name: "textsPerDay", value: 50 }]).textsPerDay // 50
 */
export function settingsOf(rows: readonly { name: string; value: unknown }[]): ShopSettings {
  const settings = { ...DEFAULT_SETTINGS } as Record<SettingName, unknown>;
  for (const { name, value } of rows) {
    if (Object.hasOwn(SETTINGS, name) && allows(name as SettingName, value)) {
      settings[name as SettingName] = value;
    }
  }
  return settings as ShopSettings;
}

/** The message budgets the settings give. */
export function messageLimitsOf(settings: ShopSettings): MessageLimits {
  return {
    mailsPerAddress: settings.mailsPerAddress,
    textsPerPhone: settings.textsPerPhone,
    textsPerDay: settings.textsPerDay,
    ownerOrderMailsPerHour: settings.ownerOrderMailsPerHour,
    digestMinutes: settings.digestMinutes,
  };
}

/** Where the settings are kept: a row per setting the owner changed. */
export interface SettingsStore {
  /** The stored rows. */
  rows(): Promise<{ name: string; value: unknown }[]>;
  /** Keeps these values (each already allowed), in one transaction. */
  save(values: Partial<ShopSettings>): Promise<void>;
}

/** The settings now. */
export async function readSettings(store: SettingsStore): Promise<ShopSettings> {
  return settingsOf(await store.rows());
}
