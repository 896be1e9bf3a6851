/**
 * A stationery item's fields, as Add New Stationery Item and the edit page show them (the
 * fields STATIONERY_FIELDS keeps on the forms). Adding also asks for the stock (the edit
 * page leaves it to Stock) and the image, which the add form passes in as `image`.
 */
import type { ReactNode } from "react";
import { STATIONERY_FIELDS } from "../../../domain/catalogue/stationery_record.ts";
import type { StationeryFormValues } from "./catalogue_forms.ts";
import type { FieldErrors } from "../validation.ts";
import type { WireCategory } from "../../../contract/records.ts";
import { RecordFields } from "./RecordFields.tsx";

export interface StationeryFieldsProps {
  /** "add" asks for the stock. */
  mode: "add" | "edit";
  /** Prefix of the controls' ids ("stationery" gives "stationery-title"). */
  idPrefix: string;
  values: StationeryFormValues;
  errors: FieldErrors;
  categories: Pick<WireCategory, "id" | "name">[];
  onChange(name: keyof StationeryFormValues, value: string): void;
  /** The image picker of the add form, after the category. */
  image?: ReactNode;
}

export function StationeryFields({ image, ...props }: StationeryFieldsProps) {
  return (
    <RecordFields
      {...props}
      fields={STATIONERY_FIELDS}
      images={image}
      onChange={(name, value) => props.onChange(name as keyof StationeryFormValues, String(value))}
    />
  );
}
