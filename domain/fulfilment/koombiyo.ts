/**
 * Koombiyo's rules as data (adapters/couriers/koombiyo.ts carries out the calls): what each
 * of its status names means for a parcel, the shape of its waybills, its district numbers
 * and how it takes the cash to collect. Where each comes from is told beside it; the
 * sources are Koombiyo's "Koombiyo Delivery API Documentation" (the PDF published with the
 * koombiyo-sdk npm package, github.com/BhanukaUOM/Koombiyo-Delivery-Node-SDK, docs/) and
 * that SDK's src/model.ts, and shops' public integrations of the same API.
 */
import type { Cents } from "../money.ts";
import type { CourierStage } from "./courier_api.ts";

/**
 * Koombiyo's status names (Orderhistory's `status`, Allorders' `orderstatus`) and where
 * each puts a parcel. The first eight with their ids are the SDK's KoombiyoOrderStatusType
 * and KoombiyoDeliveryStatusType ("Processing" = 1 ... "Client Received" = 15); the others
 * are the names shops' integrations map (Return to Client, Failed to Deliver, Rescheduled,
 * Hold...). Koombiyo calls the shop its "client": "Return to Client" and "Client Received"
 * are the parcel coming back to the shop (one integration maps "Client Received" to a
 * completed return, the SDK lists it after Delivered; read as a return here, since a
 * delivered parcel has already said "Delivered"). A step on the way back ("Failed to
 * Deliver", "Return to HO") leaves the parcel with the courier until it reaches the shop;
 * "Delivered Not Confirmed" and the partial deliveries wait for Koombiyo's confirmation or
 * the owner's hand. Unknown names move nothing.
 */
export const KOOMBIYO_STAGES: Readonly<Record<string, CourierStage | null>> = {
  "Processing": "awaiting_pickup",
  "Collected by Koombiyo": "handed_over",
  "Picked": "handed_over",
  "On QC": "handed_over",
  "Received at Warehouse": "handed_over",
  "Dispatch to Destination": "handed_over",
  "Received at Destination": "handed_over",
  "Out for Delivery": "handed_over",
  "Rescheduled": "handed_over",
  "Hold": "handed_over",
  "Confirmed By Branch": "handed_over",
  "Failed to Deliver": "handed_over",
  "Return to HO": "handed_over",
  "Received at HO": "handed_over",
  "Different Destination": "handed_over",
  "Pending Different Destination": "handed_over",
  "Delivered Not Confirmed": "handed_over",
  "Partially Delivered": null,
  "Partially Delivered Not Confirmed": null,
  "Delivered": "delivered",
  "Return to Client": "returned",
  "Client Received": "returned",
};

/**
 * Where a Koombiyo status name puts a parcel (spaces and case as Koombiyo varies them:
 * the SDK's "Received at Destination " ends with a space); null for one that moves nothing.
 *
 * @example koombiyoStage("Out for Delivery") // "handed_over"
 * @example koombiyoStage("delivered ") // "delivered"
 */
export function koombiyoStage(status: string): CourierStage | null {
  const wanted = status.trim().replace(/\s+/g, " ").toLowerCase();
  const found = Object.entries(KOOMBIYO_STAGES).find(([name]) => name.toLowerCase() === wanted);
  return found ? found[1] : null;
}

/**
 * Whether `waybill` has the shape of a Koombiyo waybill (a barcode number: digits only; the
 * documentation's example is "12345688" and the SDK types it as a number; 6 to 12 digits is
 * inferred from that, not documented).
 *
 * @example isKoombiyoWaybill("12345688") // true
 * @example isKoombiyoWaybill("KB-1") // false
 */
export function isKoombiyoWaybill(waybill: string): boolean {
  return /^[0-9]{6,12}$/.test(waybill);
}

/**
 * The cash to collect as Koombiyo's `getCod` takes it: rupees ("Amount should collect from
 * customer"; the documentation's example is "1000"), whole rupees without decimals, cents
 * as two decimals.
 *
 * @example koombiyoCod(435_150) // "4351.50"
 * @example koombiyoCod(100_000) // "1000"
 */
export function koombiyoCod(cents: Cents): string {
  const rupees = Math.trunc(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(rupees) : `${rupees}.${String(rest).padStart(2, "0")}`;
}

/**
 * Koombiyo's district numbers (`receiverDistrict`), from the SDK's KoombiyoDeliveryDistrictList:
 * Sri Lanka's 25 districts in alphabetical order, Ampara 1 to Vavuniya 25.
 */
export const KOOMBIYO_DISTRICTS: Readonly<Record<string, number>> = {
  "Ampara": 1,
  "Anuradhapura": 2,
  "Badulla": 3,
  "Batticaloa": 4,
  "Colombo": 5,
  "Galle": 6,
  "Gampaha": 7,
  "Hambantota": 8,
  "Jaffna": 9,
  "Kalutara": 10,
  "Kandy": 11,
  "Kegalle": 12,
  "Kilinochchi": 13,
  "Kurunegala": 14,
  "Mannar": 15,
  "Matale": 16,
  "Matara": 17,
  "Monaragala": 18,
  "Mullaitivu": 19,
  "Nuwara Eliya": 20,
  "Polonnaruwa": 21,
  "Puttalam": 22,
  "Ratnapura": 23,
  "Trincomalee": 24,
  "Vavuniya": 25,
};

/** Folds a place name for comparison: case, spaces, dashes and dots do not count. */
export function placeKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/**
 * Koombiyo's number of a district by its English name; undefined for a name it does not have.
 *
 * @example koombiyoDistrict("Nuwara Eliya") // 20
 * @example koombiyoDistrict("Moneragala") // undefined: Koombiyo spells it Monaragala
 */
export function koombiyoDistrict(name: string): number | undefined {
  const wanted = placeKey(name);
  const found = Object.entries(KOOMBIYO_DISTRICTS).find(([d]) => placeKey(d) === wanted);
  return found?.[1];
}

/**
 * A Sri Lankan phone number as Koombiyo's `receiverPhone` takes it: the local ten digits
 * (the documentation's example is "0729666892"); +94 and 0094 become 0, spaces and dashes
 * go. A number of another shape is passed on as typed, for Koombiyo to judge.
 *
 * @example koombiyoPhone("+94 77 123 4567") // "0771234567"
 */
export function koombiyoPhone(phone: string): string {
  const digits = phone.replace(/[\s()-]/g, "");
  const local = digits.replace(/^(\+94|0094|94(?=[0-9]{9}$))/, "0");
  return /^0[0-9]{9}$/.test(local) ? local : phone.trim();
}
