/** The account's default delivery address as checkout's fields, and back. */
import type { WireAccount } from "../../contract/records.ts";
import { shopApi } from "./api.ts";
import { type CheckoutFields, EMPTY_FIELDS } from "./checkout_form.ts";

/** The account as GET /api/account answers it. */
export type AccountRecord = WireAccount;
export type SavedAddress = NonNullable<WireAccount["address"]>;

/** The form's fields from the account: its e-mail, its name, and its saved address if any. */
export async function fieldsFromAccount(account: AccountRecord): Promise<CheckoutFields> {
  const base = { ...EMPTY_FIELDS, name: account.username, email: account.email };
  const a = account.address;
  if (!a) return base;
  // The city box shows the area's name: read it from the district's cities.
  let city = "";
  try {
    const { data } = await shopApi.pageJson<{ data: { id: number; name: string }[] }>(
      `/checkout/cities?districtId=${a.district}`,
    );
    city = data.find((area) => area.id === a.area)?.name ?? "";
  } catch {
    // Without the name the shopper picks the city again; the rest stays filled.
  }
  return {
    ...base,
    name: a.name,
    phone: a.phone,
    address: a.address,
    postalCode: a.postalCode,
    provinceId: String(a.province),
    districtId: String(a.district),
    city,
    areaId: city ? String(a.area) : "",
  };
}

/** The body of PUT /api/account/address from the form's fields. */
export function addressFromFields(f: CheckoutFields): SavedAddress {
  return {
    name: f.name.trim(),
    phone: f.phone.trim(),
    address: f.address.trim(),
    postalCode: f.postalCode.trim(),
    province: Number(f.provinceId),
    district: Number(f.districtId),
    area: Number(f.areaId),
  };
}
