/** Delivery details: contact fields and the province, district and city cascade. */
import { useEffect } from "react";
import { placeName, type PlaceNames, type Province } from "../../domain/catalogue/locations.ts";
import type { CheckoutFields, FieldErrors } from "../lib/checkout_form.ts";
import { type PlacedArea, useAreas, useDistricts, usePlacesCalled } from "../lib/use_locations.ts";
import { errorAttrs, Field } from "./Field.tsx";
import { type MessageKey, useI18n } from "../i18n/mod.ts";
import { failureText } from "../i18n/failures.ts";

export interface AddressFieldsProps {
  fields: CheckoutFields;
  errors: FieldErrors;
  provinces: Province[];
  onChange: (
    changes: Partial<CheckoutFields>,
    when?: (current: CheckoutFields) => boolean,
  ) => void;
}

export function AddressFields({ fields, errors, provinces, onChange }: AddressFieldsProps) {
  const i18n = useI18n();
  const { t, language } = i18n;
  const districts = useDistricts(fields.provinceId);
  const areaList = useAreas(fields.districtId);
  const areas = areaList.areas;
  // The rules matching a typed city arrive with the district's cities (both empty until then).
  const cities = areaList.cities;
  const problem = (key: MessageKey | undefined) => key ? t(key) : undefined;
  const districtError = problem(errors.districtId) ??
    (districts.error === undefined
      ? undefined
      : t("address.districtsFailed", { reason: failureText(i18n, districts.error) }));
  const cityError = problem(errors.areaId) ??
    (areaList.error === undefined
      ? undefined
      : t("address.citiesFailed", { reason: failureText(i18n, areaList.error) }));
  const text = (
    name: "name" | "email" | "phone" | "address" | "postalCode",
    label: MessageKey,
    type: string,
    autoComplete: string,
  ) => (
    <Field id={`checkout-${name}`} label={t(label)} error={problem(errors[name])}>
      <input
        id={`checkout-${name}`}
        name={name}
        type={type}
        required
        autoComplete={autoComplete}
        value={fields[name]}
        onChange={(e) => onChange({ [name]: e.currentTarget.value })}
        {...errorAttrs(`checkout-${name}`, problem(errors[name]))}
      />
    </Field>
  );

  // The area a typed city names, and its postcode when it has one ("" when none matches).
  const matchOf = (typed: string): Partial<CheckoutFields> => {
    const area = cities?.matchCity(areas, typed);
    return {
      areaId: area ? String(area.id) : "",
      ...(area?.postcode ? { postalCode: area.postcode } : {}),
    };
  };
  const chooseCity = (typed: string) => onChange({ city: typed, ...matchOf(typed) });

  // A city typed (or autofilled) before the district's cities arrived is matched once they do.
  // Only its area and postcode are set, and only on the city this render saw: a letter typed
  // between the cities' arrival and this effect was matched as it was typed, and writing the
  // city here would take it back.
  useEffect(() => {
    if (!cities || areas.length === 0 || !fields.city || fields.areaId) return;
    const typed = fields.city;
    const match = matchOf(typed);
    if (match.areaId) onChange(match, (current) => current.city === typed && !current.areaId);
  }, [areas]);

  const matched = fields.areaId ? areas.find((a) => String(a.id) === fields.areaId) : undefined;
  // A city is written in the page's language where the reference data has its name there.
  const cityName = (area: { name: string; names: PlaceNames }) => placeName(area, language);
  const matchedName = matched ? cityName(matched) : undefined;
  const unmatched = cities !== undefined && !fields.areaId &&
    cities.cityKey(fields.city).length >= 2 && areas.length > 0;
  const nearest = unmatched ? cities.nearestCities(areas, fields.city) : [];
  const elsewhere = usePlacesCalled(unmatched ? fields.city : "")
    .filter((place) => String(place.districtId) !== fields.districtId);
  const moveTo = (place: PlacedArea) =>
    onChange({
      provinceId: String(place.provinceId),
      districtId: String(place.districtId),
      city: cityName(place),
      areaId: String(place.id),
      ...(place.postcode ? { postalCode: place.postcode } : {}),
    });

  return (
    <fieldset className="address-fields">
      <legend>{t("address.legend")}</legend>
      {text("name", "address.name", "text", "name")}
      {text("email", "address.email", "email", "email")}
      {text("phone", "address.phone", "tel", "tel")}
      {text("address", "address.address", "text", "street-address")}
      <Field
        id="checkout-province"
        label={t("address.province")}
        error={problem(errors.provinceId)}
      >
        <select
          id="checkout-province"
          required
          value={fields.provinceId}
          onChange={(e) =>
            onChange({ provinceId: e.currentTarget.value, districtId: "", city: "", areaId: "" })}
          {...errorAttrs("checkout-province", problem(errors.provinceId))}
        >
          <option value="">{t("address.selectProvince")}</option>
          {provinces.map((p) => <option key={p.id} value={p.id}>{placeName(p, language)}</option>)}
        </select>
      </Field>
      <Field id="checkout-district" label={t("address.district")} error={districtError}>
        <select
          id="checkout-district"
          required
          disabled={!fields.provinceId}
          value={fields.districtId}
          onChange={(e) => onChange({ districtId: e.currentTarget.value, city: "", areaId: "" })}
          {...errorAttrs("checkout-district", districtError)}
        >
          <option value="">{t("address.selectDistrict")}</option>
          {districts.districts.map((d) => (
            <option key={d.id} value={d.id}>{placeName(d, language)}</option>
          ))}
        </select>
      </Field>
      <Field id="checkout-city" label={t("address.city")} error={cityError}>
        <input
          id="checkout-city"
          list="checkout-city-options"
          required
          disabled={!fields.districtId}
          autoComplete="off"
          placeholder={t(fields.districtId ? "address.cityPlaceholder" : "address.districtFirst")}
          value={fields.city}
          onChange={(e) => chooseCity(e.currentTarget.value)}
          onBlur={() => {
            // "colombo 7" becomes the list's "Colombo 07 (Cinnamon Gardens)" once chosen.
            if (matchedName && matchedName !== fields.city) chooseCity(matchedName);
          }}
          {...errorAttrs("checkout-city", cityError)}
        />
        {
          /* Said for as long as a city is matched, not only while its typed name differs: the
            blur that writes the list's name must not move the fields below under the pointer. */
        }
        {matchedName
          ? (
            <p className="hint" role="status">
              {t("address.deliveringTo", { city: matchedName })}
            </p>
          )
          : null}
        {nearest.length > 0 || elsewhere.length > 0
          ? (
            <div className="city-suggestions" role="status">
              {nearest.length > 0
                ? (
                  <>
                    <span>{t("help.didYouMean")}</span>
                    {nearest.map((a) => (
                      <button
                        key={a.id}
                        type="button"
                        className="chip"
                        onClick={() => chooseCity(cityName(a))}
                      >
                        {cityName(a)}
                      </button>
                    ))}
                  </>
                )
                : null}
              {elsewhere.map((place) => (
                <p key={place.id} className="elsewhere">
                  {t("address.elsewhere", {
                    city: cityName(place),
                    district: placeName(
                      { name: place.districtName, names: place.districtNames },
                      language,
                    ),
                    province: placeName(
                      { name: place.provinceName, names: place.provinceNames },
                      language,
                    ),
                  })}{" "}
                  <button type="button" className="link-button" onClick={() => moveTo(place)}>
                    {t("address.moveTo", {
                      city: cityName(place),
                      district: placeName(
                        { name: place.districtName, names: place.districtNames },
                        language,
                      ),
                    })}
                  </button>
                </p>
              ))}
            </div>
          )
          : null}
        <datalist id="checkout-city-options">
          {areas.map((a) => <option key={a.id} value={cityName(a)} />)}
        </datalist>
      </Field>
      {text("postalCode", "address.postalCode", "text", "postal-code")}
    </fieldset>
  );
}
