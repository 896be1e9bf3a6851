/**
 * Renders order slips with pdfmake, on the server. The Roboto faces pdfmake ships, Noto
 * Sans Sinhala and Noto Sans Tamil (for names and titles in those scripts) are read once and kept in
 * pdfmake's virtual file system; nothing else on disk or on the network may be read
 * while rendering (the access policies refuse it).
 */
import { createRequire } from "node:module";
// The font files are read from this package at run time; importing its manifest makes the
// package part of the module graph, so that the shop's own install (deno.start.lock) has it.
import sinhalaFontPackage from "@fontsource/noto-sans-sinhala/package.json" with {
  type: "json",
};
import tamilFontPackage from "@fontsource/noto-sans-tamil/package.json" with { type: "json" };
// @ts-types="@types/pdfmake"
import pdfmake from "pdfmake";
import roboto from "pdfmake/fonts/Roboto.js";
import type { ReceiptRenderer, SlipRenderer } from "../../domain/ports.ts";
import type { Order } from "../../domain/orders/model.ts";
import type { ShopInfo } from "../../domain/shop.ts";
import { type OrderDocument, slipDocument } from "./slip_document.ts";
import { SINHALA_FONT, TAMIL_FONT } from "./scripts.ts";
import { readInWrittenOrder } from "./logical_text.ts";
import { ShapingFace } from "../fonts/harfbuzz.ts";

interface VirtualFs {
  writeFileSync(name: string, data: Uint8Array): void;
}

const FACES = ["normal", "bold", "italics", "bolditalics"] as const;
/** The standard PDF faces pdfkit may look up by name; they are built in, not files. */
const BUILT_IN_FONT = /^(Helvetica|Times|Courier|Symbol|ZapfDingbats)(-[A-Za-z]+)?$/;

let fontsReady: Promise<void> | null = null;

type Faces = Record<(typeof FACES)[number], string>;

/** A fontsource package's faces of one script (`sinhala`, `tamil`), regular and bold. */
function scriptFiles(packageName: string, script: string): Faces {
  const require = createRequire(import.meta.url);
  const family = packageName.split("/").pop();
  const file = (weight: number) =>
    require.resolve(`${packageName}/files/${family}-${script}-${weight}-normal.woff`);
  const regular = file(400);
  const bold = file(700);
  return { normal: regular, bold, italics: regular, bolditalics: bold };
}

/** Copies each face into pdfmake's virtual file system; answers the names to register. */
async function intoVirtualFs(vfs: VirtualFs, files: Faces): Promise<Faces> {
  const names = {} as Faces;
  for (const face of FACES) {
    const name = `pothgula-slip/${files[face].split("/").pop()}`;
    vfs.writeFileSync(name, await Deno.readFile(files[face]));
    names[face] = name;
  }
  return names;
}

/**
 * Has pdfkit's embedded fonts (of the pdfkit pdfmake itself loads) write Sinhala and Tamil
 * in written order in the text layer (logical_text.ts), each of these faces read with
 * HarfBuzz: the faces by the PostScript names pdfkit finds in them.
 */
async function writeTextInOrder(files: string[]): Promise<void> {
  const fromPdfmake = createRequire(createRequire(import.meta.url).resolve("pdfmake"));
  const PdfKit = fromPdfmake("pdfkit") as new (options: object) => {
    font(source: Uint8Array): { _font: { font: { postscriptName: string } } };
  };
  const document = new PdfKit({ autoFirstPage: false });
  const shapers = new Map<string, ShapingFace>();
  let sample: object | undefined;
  for (const file of files) {
    const bytes = await Deno.readFile(file);
    const opened = document.font(bytes)._font;
    shapers.set(opened.font.postscriptName, ShapingFace.fromWoff(bytes));
    sample = opened;
  }
  if (sample) readInWrittenOrder(sample, (name) => shapers.get(name));
}

async function loadFonts(): Promise<void> {
  const vfs = (pdfmake as unknown as { virtualfs: VirtualFs }).virtualfs;
  const sinhala = scriptFiles(sinhalaFontPackage.name, "sinhala");
  const tamil = scriptFiles(tamilFontPackage.name, "tamil");
  pdfmake.addFonts({
    Roboto: await intoVirtualFs(vfs, (roboto as { Roboto: Faces }).Roboto),
    [SINHALA_FONT]: await intoVirtualFs(vfs, sinhala),
    [TAMIL_FONT]: await intoVirtualFs(vfs, tamil),
  });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => BUILT_IN_FONT.test(path));
  await writeTextInOrder([sinhala.normal, sinhala.bold, tamil.normal, tamil.bold]);
}

/** One of an order's documents as PDF bytes, the fonts loaded once for both. */
async function renderDocument(
  order: Order,
  shop: ShopInfo,
  kind: OrderDocument,
): Promise<Uint8Array> {
  fontsReady ??= loadFonts().catch((error) => {
    fontsReady = null;
    throw error;
  });
  await fontsReady;
  const buffer = await pdfmake.createPdf(slipDocument(order, shop, kind)).getBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

export class PdfmakeSlipRenderer implements SlipRenderer {
  constructor(private readonly shop: ShopInfo) {}

  render(order: Order): Promise<Uint8Array> {
    return renderDocument(order, this.shop, "slip");
  }
}

/** The customer's receipt: the slip's document under its own title, with the payments. */
export class PdfmakeReceiptRenderer implements ReceiptRenderer {
  constructor(private readonly shop: ShopInfo) {}

  render(order: Order): Promise<Uint8Array> {
    return renderDocument(order, this.shop, "receipt");
  }
}
