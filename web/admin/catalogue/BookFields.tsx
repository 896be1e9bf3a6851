/**
 * A book's fields, as Add New Book and the edit page show them: the fields BOOK_FIELDS
 * keeps on the forms, with the same labels, kinds and steps. Adding also asks for the
 * stock (the edit page leaves it to Stock, so that sales are never lost) and the images,
 * which the add form passes in as `images`.
 */
import type { ReactNode } from "react";
import { BOOK_FIELDS } from "../../../domain/catalogue/book_record.ts";
import type { BookFormValues } from "./catalogue_forms.ts";
import type { FieldErrors } from "../validation.ts";
import type { WireCategory } from "../../../contract/records.ts";
import { RecordFields } from "./RecordFields.tsx";

export interface BookFieldsProps {
  /** "add" asks for the stock and starts the language at "Select Language". */
  mode: "add" | "edit";
  /** Prefix of the controls' ids ("book" gives "book-title"). */
  idPrefix: string;
  values: BookFormValues;
  errors: FieldErrors;
  categories: Pick<WireCategory, "id" | "name">[];
  onChange<K extends keyof BookFormValues>(name: K, value: BookFormValues[K]): void;
  /** The image picker of the add form, after the description. */
  images?: ReactNode;
}

export function BookFields(props: BookFieldsProps) {
  return (
    <RecordFields
      {...props}
      fields={BOOK_FIELDS}
      values={props.values}
      onChange={(name, value) => props.onChange(name as keyof BookFormValues, value as never)}
    />
  );
}
