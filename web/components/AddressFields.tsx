/** Delivery details: contact fields and the province, district and city cascade. */
import { useEffect } from "react";
import { cityKey, matchCity, nearestCities } from "../../domain/catalogue/city_names.ts";
import type { Province } from "../../domain/catalogue/locations.ts";
import type { CheckoutFields, FieldErrors } from "../lib/checkout_form.ts";
import { type PlacedArea, useAreas, useDistricts, usePlacesCalled } from "../lib/use_locations.ts";
import { errorAttrs, Field } from "./Field.tsx";

export interface AddressFieldsProps {
  fields: CheckoutFields;
  errors: FieldErrors;
  provinces: Province[];
  onChange: (changes: Partial<CheckoutFields>) => void;
}

export function AddressFields({ fields, errors, provinces, onChange }: AddressFieldsProps) {
  const { districts, error: districtError } = useDistricts(fields.provinceId);
  const { areas, error: areaError } = useAreas(fields.districtId);
  const text = (
    name: "name" | "email" | "phone" | "address" | "postalCode",
    label: string,
    type: string,
    autoComplete: string,
  ) => (
    <Field id={`checkout-${name}`} label={label} error={errors[name]}>
      <input
        id={`checkout-${name}`}
        name={name}
        type={type}
        required
        autoComplete={autoComplete}
        value={fields[name]}
        onChange={(e) => onChange({ [name]: e.currentTarget.value })}
        {...errorAttrs(`checkout-${name}`, errors[name])}
      />
    </Field>
  );

  const chooseCity = (typed: string) => {
    const area = matchCity(areas, typed);
    onChange({
      city: typed,
      areaId: area ? String(area.id) : "",
      ...(area?.postcode ? { postalCode: area.postcode } : {}),
    });
  };

  // A city typed (or autofilled) before the district's cities arrived is matched once they do.
  useEffect(() => {
    if (fields.city && !fields.areaId && areas.length > 0) chooseCity(fields.city);
  }, [areas]);

  const matched = fields.areaId ? areas.find((a) => String(a.id) === fields.areaId) : undefined;
  const unmatched = !fields.areaId && cityKey(fields.city).length >= 2 && areas.length > 0;
  const nearest = unmatched ? nearestCities(areas, fields.city) : [];
  const elsewhere = usePlacesCalled(unmatched ? fields.city : "")
    .filter((place) => String(place.districtId) !== fields.districtId);
  const moveTo = (place: PlacedArea) =>
    onChange({
      provinceId: String(place.provinceId),
      districtId: String(place.districtId),
      city: place.name,
      areaId: String(place.id),
      ...(place.postcode ? { postalCode: place.postcode } : {}),
    });

  return (
    <fieldset className="address-fields">
      <legend>Delivery details</legend>
      {text("name", "Name", "text", "name")}
      {text("email", "Email", "email", "email")}
      {text("phone", "Phone", "tel", "tel")}
      {text("address", "Address", "text", "street-address")}
      <Field id="checkout-province" label="Province" error={errors.provinceId}>
        <select
          id="checkout-province"
          required
          value={fields.provinceId}
          onChange={(e) =>
            onChange({ provinceId: e.currentTarget.value, districtId: "", city: "", areaId: "" })}
          {...errorAttrs("checkout-province", errors.provinceId)}
        >
          <option value="">Select province</option>
          {provinces.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
        </select>
      </Field>
      <Field id="checkout-district" label="District" error={errors.districtId ?? districtError}>
        <select
          id="checkout-district"
          required
          disabled={!fields.provinceId}
          value={fields.districtId}
          onChange={(e) => onChange({ districtId: e.currentTarget.value, city: "", areaId: "" })}
          {...errorAttrs("checkout-district", errors.districtId ?? districtError)}
        >
          <option value="">Select district</option>
          {districts.map((d) => <option key={d.id} value={d.id}>{d.name}</option>)}
        </select>
      </Field>
      <Field id="checkout-city" label="City" error={errors.areaId ?? areaError}>
        <input
          id="checkout-city"
          list="checkout-city-options"
          required
          disabled={!fields.districtId}
          autoComplete="off"
          placeholder={fields.districtId ? "Type to search cities" : "Choose a district first"}
          value={fields.city}
          onChange={(e) => chooseCity(e.currentTarget.value)}
          onBlur={() => {
            // "colombo 7" becomes the list's "Colombo 07 (Cinnamon Gardens)" once chosen.
            if (matched && matched.name !== fields.city) chooseCity(matched.name);
          }}
          {...errorAttrs("checkout-city", errors.areaId ?? areaError)}
        />
        {matched && matched.name !== fields.city
          ? <p className="hint" role="status">Delivering to {matched.name}</p>
          : null}
        {nearest.length > 0 || elsewhere.length > 0
          ? (
            <div className="city-suggestions" role="status">
              {nearest.length > 0
                ? (
                  <>
                    <span>Did you mean:</span>
                    {nearest.map((a) => (
                      <button
                        key={a.id}
                        type="button"
                        className="chip"
                        onClick={() => chooseCity(a.name)}
                      >
                        {a.name}
                      </button>
                    ))}
                  </>
                )
                : null}
              {elsewhere.map((place) => (
                <p key={place.id} className="elsewhere">
                  {place.name} is in {place.districtName} district ({place.provinceName} province).
                  {" "}
                  <button type="button" className="link-button" onClick={() => moveTo(place)}>
                    Deliver to {place.name}, {place.districtName}
                  </button>
                </p>
              ))}
            </div>
          )
          : null}
        <datalist id="checkout-city-options">
          {areas.map((a) => <option key={a.id} value={a.name} />)}
        </datalist>
      </Field>
      {text("postalCode", "Postal code", "text", "postal-code")}
    </fieldset>
  );
}
