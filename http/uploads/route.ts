/**
 * GET /uploads/{key}: the stored images, served with their stored type and headers
 * that stop a browser from treating them as anything else.
 */
import { Hono } from "hono";
import type { ImageStorage } from "../../domain/ports.ts";
import { errorBody } from "../middleware/errors.ts";
import { IMAGE_TYPES } from "./sniff.ts";
import { serve } from "../routes/route_spec.ts";
import { UPLOAD_ROUTES } from "../../contract/routes/mod.ts";

/** Keys are one path segment: a name of letters, digits, `_` and `-`, and an image extension. */
export const UPLOAD_KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}\.(jpe?g|png|webp|gif)$/;

/** Served images never change under one key: a new upload gets a new key. */
export const UPLOAD_HEADERS: Readonly<Record<string, string>> = {
  "Cache-Control": "public, max-age=31536000, immutable",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'",
};

const BASE = "";

/**
 * @example
 * app.route("/", uploadsRoute(storage));
 */
export function uploadsRoute(storage: ImageStorage): Hono {
  const app = new Hono();
  serve(app, BASE, UPLOAD_ROUTES.image, async (c) => {
    const { key } = c.req.valid("param");
    const image = UPLOAD_KEY_PATTERN.test(key) ? await storage.get(key) : undefined;
    if (!image) {
      c.header("X-Content-Type-Options", "nosniff");
      return c.json(errorBody("NOT_FOUND", "Image not found"), 404);
    }
    const known = (IMAGE_TYPES as readonly string[]).includes(image.contentType);
    return new Response(image.bytes as Uint8Array<ArrayBuffer>, {
      status: 200,
      headers: {
        ...UPLOAD_HEADERS,
        "Content-Type": known ? image.contentType : "application/octet-stream",
      },
    });
  });
  return app;
}
