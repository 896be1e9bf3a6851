/**
 * The API's records (snake_case, rupees, kg; described once by each record's declaration,
 * domain/catalogue/book_record.ts) and their conversion to the domain's (cents, grams).
 * Islands work in domain terms; the wire shape is only for fetches and for the cart kept
 * in localStorage.
 */
import type { Book, StationeryItem } from "../../domain/catalogue/model.ts";
import type { WireBook, WireStationery } from "../../contract/records.ts";
import { recordFromWireOf } from "../../contract/record_wire.ts";
import { BOOK_FIELDS } from "../../domain/catalogue/book_record.ts";
import { STATIONERY_FIELDS } from "../../domain/catalogue/stationery_record.ts";

export const bookFromWire: (w: WireBook) => Book = recordFromWireOf(BOOK_FIELDS);

export const stationeryFromWire: (w: WireStationery) => StationeryItem = recordFromWireOf(
  STATIONERY_FIELDS,
);
