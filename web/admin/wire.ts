/**
 * The records the admin screens read from the shop's API, exactly as they travel:
 * snake_case fields, prices in rupees, weights in kilograms.
 */
import type {
  ItemType,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
} from "../../domain/orders/model.ts";

/** Books and stationery travel in the same shape to the storefront and the admin area. */
export type { WireBook, WireStationery } from "../lib/wire.ts";

export interface WireCategory {
  id: number;
  name: string;
}

export interface WireOrderItem {
  id: number;
  type: ItemType;
  book_id?: number;
  stationery_id?: number;
  title: string;
  isbn13: string | null;
  quantity: number;
  price: number;
}

export interface WireOrder {
  id: number;
  user_id: number | null;
  status: OrderStatus;
  order_date: string;
  name: string;
  address: string;
  email: string;
  phone: string;
  postal_code: string;
  province_name: string;
  district_name: string;
  area_name: string;
  total: number;
  delivery_fee: number;
  payment_method: PaymentMethod;
  items: WireOrderItem[];
  /** Absent from a shop older than payment tracking. */
  payment_status?: PaymentStatus;
  /** The deposit slips the customer sent, oldest first. */
  payment_proofs?: { id: number; uploaded_at: string; content_type: string }[];
  /** Absent from a shop older than the timeline. */
  courier?: string | null;
  tracking_number?: string | null;
  reject_reason?: string | null;
  /** The timeline, oldest first. */
  events?: WireOrderEvent[];
}

export interface WireOrderEvent {
  at: string;
  kind: string;
  actor: string;
  note: string | null;
}

export interface WireOrderStats {
  completedItemsTotal: number;
  pending: number;
  completed: number;
  rejected: number;
  /** Absent from a shop older than payment tracking. */
  awaitingPayment?: number;
  proofsToCheck?: number;
  today?: { orders: number; subtotal: number };
}

/** A page of a list, as GET /api/books and GET /api/stationery answer. */
export interface WirePage<T> {
  data: T[];
  page: number;
  pageSize: number;
  total: number;
}

export interface LoginAnswer {
  token: string;
  expiresAt: string;
  /** Whose token: customers log in on the shop's own /login page. */
  role?: "admin" | "customer";
}
