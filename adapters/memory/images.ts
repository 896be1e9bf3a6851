/** Image storage and order slips in memory, for in-process tests. */
import type {
  ImageStorage,
  ReceiptRenderer,
  SlipRenderer,
  StoredImage,
} from "../../domain/ports.ts";
import type { Order } from "../../domain/orders/model.ts";
import type { ImageVariant } from "../../domain/catalogue/image_variants.ts";
import { keysOfVariants, newImageKey, variantKeysOf } from "../storage/image_keys.ts";

/** Images in a map, named and refused as the disk and database storages name and refuse them. */
export class MemoryImageStorage implements ImageStorage {
  readonly images = new Map<string, StoredImage>();

  put(bytes: Uint8Array, contentType: string): Promise<string> {
    try {
      const key = newImageKey(contentType);
      this.images.set(key, { bytes: bytes.slice(), contentType });
      return Promise.resolve(`/uploads/${key}`);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  get(key: string): Promise<StoredImage | undefined> {
    const image = this.images.get(key);
    return Promise.resolve(
      image ? { bytes: image.bytes.slice(), contentType: image.contentType } : undefined,
    );
  }

  putVariants(url: string, variants: ImageVariant[]): Promise<void> {
    try {
      const keys = keysOfVariants(url, variants);
      keys.forEach((key, i) =>
        this.images.set(key, {
          bytes: variants[i].bytes.slice(),
          contentType: variants[i].contentType,
        })
      );
      return Promise.resolve();
    } catch (error) {
      return Promise.reject(error);
    }
  }

  delete(key: string): Promise<void> {
    for (const variant of variantKeysOf(key)) this.images.delete(variant);
    this.images.delete(key);
    return Promise.resolve();
  }
}

/** A tiny stand-in PDF naming the order and its status, so tests can tell slips apart. */
/** Receipts as a few bytes naming the order, and the orders asked for. */
export class MemoryReceiptRenderer implements ReceiptRenderer {
  readonly rendered: Order[] = [];

  render(order: Order): Promise<Uint8Array> {
    this.rendered.push(order);
    return Promise.resolve(
      new TextEncoder().encode(`%PDF-1.4\n% receipt ${order.id} ${order.paymentStatus}\n%%EOF\n`),
    );
  }
}

export class MemorySlipRenderer implements SlipRenderer {
  readonly rendered: Order[] = [];

  render(order: Order): Promise<Uint8Array> {
    this.rendered.push(order);
    return Promise.resolve(
      new TextEncoder().encode(`%PDF-1.4\n% order ${order.id} ${order.status}\n%%EOF\n`),
    );
  }
}
