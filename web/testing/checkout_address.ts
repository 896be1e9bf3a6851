/**
 * Fills the checkout's address as a shopper in Dehiwala would, in the page's language: the
 * Western Province and the Colombo District chosen by their names in that language, and
 * waits for the city to fill in its postcode.
 */
import type { Page } from "playwright-core";
import type { Locale } from "../../domain/i18n/language.ts";
import { i18nFor, loadCatalogue } from "../i18n/mod.ts";

/** The Western Province and the Colombo District, by their names in each language. */
const PLACES: Record<Locale, { province: string; district: string }> = {
  en: { province: "Western", district: "Colombo" },
  si: { province: "බස්නාහිර", district: "කොළඹ" },
  ta: { province: "மேல்", district: "கொழும்பு" },
};

export async function fillCheckoutAddress(
  page: Page,
  language: Locale,
  { name = "Nimal Perera", address = "12 Galle Road", waitForPostcode = true }: {
    name?: string;
    address?: string;
    /** false: return once the city is typed (a test holding the district's cities back). */
    waitForPostcode?: boolean;
  } = {},
) {
  await loadCatalogue(language);
  const { t } = i18nFor(language);
  const field = (key: Parameters<typeof t>[0]) => page.getByLabel(t(key), { exact: true });
  await field("address.name").fill(name);
  await field("address.email").fill("nimal@example.lk");
  await field("address.phone").fill("077 123 4567");
  await field("address.address").fill(address);
  await field("address.province").selectOption({ label: PLACES[language].province });
  await field("address.district").selectOption({ label: PLACES[language].district });
  await field("address.city").fill("Dehiwala");
  if (waitForPostcode) await dehiwalaPostcode(page, language);
}

/** Waits for the postcode field to hold Dehiwala's, which the city brings. */
export async function dehiwalaPostcode(page: Page, language: Locale): Promise<void> {
  await loadCatalogue(language);
  const { t } = i18nFor(language);
  await page.waitForFunction(
    (el) => (el as HTMLInputElement).value === "10350",
    await page.getByLabel(t("address.postalCode"), { exact: true }).elementHandle(),
  );
}
