/**
 * Recognises a deposit proof by its first bytes: a photo of the slip (JPEG, PNG, WebP) or
 * the bank's PDF. The file name and the client's Content-Type are never consulted.
 */
import type { ProofType } from "../../domain/orders/payment_proofs.ts";
import { sniffImageType } from "./sniff.ts";

const PDF_SIGNATURE = [...new TextEncoder().encode("%PDF-")];

/**
 * @example sniffProofType(new TextEncoder().encode("%PDF-1.7 ...")) // "application/pdf"
 * @example sniffProofType(gifBytes) // undefined: a GIF is no deposit slip
 */
export function sniffProofType(bytes: Uint8Array): ProofType | undefined {
  if (PDF_SIGNATURE.every((value, i) => bytes[i] === value)) return "application/pdf";
  const image = sniffImageType(bytes);
  return image === "image/gif" ? undefined : image;
}
