/**
 * Renders order slips with pdfmake, on the server. The Roboto faces pdfmake ships are
 * read once and kept in pdfmake's virtual file system; nothing else on disk or on the
 * network may be read while rendering (the access policies refuse it).
 */
// @ts-types="@types/pdfmake"
import pdfmake from "pdfmake";
import roboto from "pdfmake/fonts/Roboto.js";
import type { SlipRenderer } from "../../domain/ports.ts";
import type { Order } from "../../domain/orders/model.ts";
import type { ShopInfo } from "../../domain/shop.ts";
import { slipDocument } from "./slip_document.ts";

interface VirtualFs {
  writeFileSync(name: string, data: Uint8Array): void;
}

const FACES = ["normal", "bold", "italics", "bolditalics"] as const;
/** The standard PDF faces pdfkit may look up by name; they are built in, not files. */
const BUILT_IN_FONT = /^(Helvetica|Times|Courier|Symbol|ZapfDingbats)(-[A-Za-z]+)?$/;

let fontsReady: Promise<void> | null = null;

async function loadFonts(): Promise<void> {
  const files = (roboto as { Roboto: Record<(typeof FACES)[number], string> }).Roboto;
  const vfs = (pdfmake as unknown as { virtualfs: VirtualFs }).virtualfs;
  const names = {} as Record<(typeof FACES)[number], string>;
  for (const face of FACES) {
    const name = `pothgula-slip/${files[face].split("/").pop()}`;
    vfs.writeFileSync(name, await Deno.readFile(files[face]));
    names[face] = name;
  }
  pdfmake.addFonts({ Roboto: names });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => BUILT_IN_FONT.test(path));
}

export class PdfmakeSlipRenderer implements SlipRenderer {
  constructor(private readonly shop: ShopInfo) {}

  async render(order: Order): Promise<Uint8Array> {
    fontsReady ??= loadFonts().catch((error) => {
      fontsReady = null;
      throw error;
    });
    await fontsReady;
    const buffer = await pdfmake.createPdf(slipDocument(order, this.shop)).getBuffer();
    return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  }
}
