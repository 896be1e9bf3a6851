/** The shop's settings in memory: the app's own when it is given no store (the route tests). */
import type { SettingsStore, ShopSettings } from "./settings.ts";

export class MemorySettings implements SettingsStore {
  readonly #values = new Map<string, unknown>();

  rows(): Promise<{ name: string; value: unknown }[]> {
    return Promise.resolve([...this.#values].map(([name, value]) => ({ name, value })));
  }

  save(values: Partial<ShopSettings>): Promise<void> {
    for (const [name, value] of Object.entries(values)) {
      if (value !== undefined) this.#values.set(name, value);
    }
    return Promise.resolve();
  }
}
