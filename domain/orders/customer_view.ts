/**
 * What a customer sees of their own order (ARCHITECTURE's `CustomerOrder`): the fields
 * that exist on an order today, as the API answers them (amounts in rupees). Never the
 * e-mail, phone or account id: only what the customer gave for delivery and what they
 * bought.
 */
import { centsToRupees } from "../money.ts";
import type { ItemType, Order, OrderStatus, PaymentMethod } from "./model.ts";

export interface CustomerOrderItem {
  id: number;
  type: ItemType;
  book_id?: number;
  stationery_id?: number;
  title: string;
  isbn13: string | null;
  quantity: number;
  /** Unit price, LKR. */
  price: number;
}

export interface CustomerOrder {
  id: number;
  status: OrderStatus;
  /** ISO 8601 */
  order_date: string;
  payment_method: PaymentMethod;
  name: string;
  address: string;
  postal_code: string;
  province_name: string;
  district_name: string;
  area_name: string;
  items: CustomerOrderItem[];
  /** The items' sum, LKR. */
  total: number;
  delivery_fee: number;
  /** What there is to pay: items and delivery, LKR. */
  subtotal: number;
}

/**
 * The customer's view of an order.
 *
 * @example customerOrderView(order).subtotal // total + delivery_fee, in rupees
 */
export function customerOrderView(order: Order): CustomerOrder {
  return {
    id: order.id,
    status: order.status,
    order_date: order.orderDate,
    payment_method: order.paymentMethod,
    name: order.customer.name,
    address: order.customer.address,
    postal_code: order.customer.postalCode,
    province_name: order.provinceName,
    district_name: order.districtName,
    area_name: order.areaName,
    items: order.items.map((item) => ({
      id: item.id,
      type: item.type,
      ...(item.type === "book" ? { book_id: item.itemId } : { stationery_id: item.itemId }),
      title: item.title,
      isbn13: item.isbn13,
      quantity: item.quantity,
      price: centsToRupees(item.unitPriceCents),
    })),
    total: centsToRupees(order.totalCents),
    delivery_fee: centsToRupees(order.deliveryFeeCents),
    subtotal: centsToRupees(order.totalCents + order.deliveryFeeCents),
  };
}
