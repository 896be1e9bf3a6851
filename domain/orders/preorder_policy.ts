/**
 * What a shopper is told about paying for pre-orders and about each method's delivery,
 * read from the payment policy table (payment_policy.ts): the terms, the book's page and
 * the checkout name the methods this returns, never a method typed into a sentence.
 */
import type { Cents, Grams } from "../money.ts";
import type { FeeRules } from "../fulfilment/delivery_fees.ts";
import type { PaymentMethod } from "./model.ts";
import { deliveryFee, PAYMENT_POLICIES } from "./payment_policy.ts";

/**
 * The methods among those the shop offers that pay for a pre-order, in the offer's order.
 *
 * @example preorderMethods(["COD", "Bank Deposit", "Card"]) // ["Bank Deposit", "Card"]
 * @example preorderMethods(["COD", "Bank Deposit"]) // ["Bank Deposit"]
 */
export function preorderMethods(offered: readonly PaymentMethod[]): PaymentMethod[] {
  return offered.filter((method) => PAYMENT_POLICIES[method].allowsPreorders);
}

/**
 * The method a checkout pays by: the one chosen, unless the cart holds a pre-order and that
 * method takes none; then the first offered method that does (the chosen one if none does).
 *
 * @example paidByMethod("COD", true, ["COD", "Bank Deposit"]) // "Bank Deposit"
 */
export function paidByMethod(
  chosen: PaymentMethod,
  preorder: boolean,
  offered: readonly PaymentMethod[],
): PaymentMethod {
  if (!preorder || PAYMENT_POLICIES[chosen].allowsPreorders) return chosen;
  return preorderMethods(offered)[0] ?? chosen;
}

/** A method's delivery for one parcel, and what it costs above the cheapest method offered. */
export interface MethodDelivery {
  method: PaymentMethod;
  feeCents: Cents;
  /** Above the cheapest offered method's fee for the same parcel; 0 for the cheapest. */
  surchargeCents: Cents;
}

/**
 * Each offered method's delivery fee for a parcel of `weightGrams`, told where the shopper
 * chooses how to pay: a method that adds to delivery (Cash on Delivery) says by how much.
 *
 * @example methodDeliveries(1000, ["COD", "Bank Deposit"]) // [{ method: "COD", feeCents: 40000, surchargeCents: 15000 }, { method: "Bank Deposit", feeCents: 25000, surchargeCents: 0 }]
 */
export function methodDeliveries(
  weightGrams: Grams,
  offered: readonly PaymentMethod[],
  rules?: FeeRules,
): MethodDelivery[] {
  const fees = offered.map((method) => ({
    method,
    feeCents: deliveryFee(weightGrams, method, rules),
  }));
  const cheapest = Math.min(...fees.map((fee) => fee.feeCents));
  return fees.map((fee) => ({ ...fee, surchargeCents: fee.feeCents - cheapest }));
}
