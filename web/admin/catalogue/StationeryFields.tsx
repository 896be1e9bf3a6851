/**
 * A stationery item's fields, as Add New Stationery Item and the edit page show them.
 * Adding also asks for the stock (the edit page leaves it to Stock) and the image, which
 * the add form passes in as `image`.
 */
import type { ReactNode } from "react";
import type { StationeryFormValues } from "./catalogue_forms.ts";
import { CategorySelect } from "./CategorySelect.tsx";
import { TextFields, type TextFieldSpec } from "./TextFields.tsx";
import type { FieldErrors } from "../validation.ts";
import type { WireCategory } from "../../../contract/records.ts";

type TextField = Exclude<keyof StationeryFormValues, "categoryId">;

const TEXT_FIELDS: TextFieldSpec<TextField>[] = [
  { name: "title", label: "Title" },
  { name: "price", label: "Price (LKR)", type: "number", step: "0.01" },
  { name: "stock", label: "Stock", type: "number", step: "1" },
  { name: "weight", label: "Weight (kg)", type: "number", step: "0.001" },
];

export interface StationeryFieldsProps {
  /** "add" asks for the stock. */
  mode: "add" | "edit";
  /** Prefix of the controls' ids ("stationery" gives "stationery-title"). */
  idPrefix: string;
  values: StationeryFormValues;
  errors: FieldErrors;
  categories: WireCategory[];
  onChange(name: keyof StationeryFormValues, value: string): void;
  /** The image picker of the add form, after the category. */
  image?: ReactNode;
}

export function StationeryFields(
  { mode, idPrefix, values, errors, categories, onChange, image }: StationeryFieldsProps,
) {
  const fields = mode === "add" ? TEXT_FIELDS : TEXT_FIELDS.filter((f) => f.name !== "stock");
  return (
    <>
      <TextFields
        fields={fields}
        idPrefix={idPrefix}
        values={values}
        errors={errors}
        onChange={onChange}
      />
      <CategorySelect
        id={`${idPrefix}-categoryId`}
        categories={categories}
        value={values.categoryId}
        error={errors.categoryId}
        onChange={(value) => onChange("categoryId", value)}
      />
      {image}
    </>
  );
}
