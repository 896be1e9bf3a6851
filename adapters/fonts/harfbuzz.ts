/**
 * A font face opened by HarfBuzz (the npm package harfbuzzjs) from the shop's WOFF files:
 * text shaped as its script is written (Sinhala's and Tamil's vowel signs drawn before the
 * letter they follow, conjuncts joined), glyph by glyph with the character each came from,
 * and each glyph's outline. The generated covers draw with it; the order slips read their
 * text back with it.
 */
import * as hb from "harfbuzzjs";
import { sfntFromWoff } from "./woff.ts";

/** A glyph of shaped text, in font units; `cluster` is the index of its first character. */
export interface ShapedGlyph {
  glyph: number;
  cluster: number;
  xAdvance: number;
  xOffset: number;
  yOffset: number;
}

/** One face of a font file, ready to shape text and hand out outlines. */
export class ShapingFace {
  readonly upem: number;
  /** The code points the face has a glyph for. */
  readonly covers: ReadonlySet<number>;
  readonly #font: hb.Font;

  private constructor(sfnt: Uint8Array) {
    const face = new hb.Face(new hb.Blob(sfnt));
    this.#font = new hb.Font(face);
    this.upem = face.upem;
    this.covers = new Set(face.collectUnicodes());
  }

  /** The face of a WOFF 1.0 file (the form @fontsource ships). */
  static fromWoff(woff: Uint8Array): ShapingFace {
    return new ShapingFace(sfntFromWoff(woff));
  }

  /**
   * The glyphs of `text` in drawing order; each glyph's `cluster` counts code points (not
   * UTF-16 units) from the start of the text, and glyphs drawn out of written order share
   * the cluster of the characters they came from.
   */
  shape(text: string): ShapedGlyph[] {
    const buffer = new hb.Buffer();
    buffer.addCodePoints([...text].map((c) => c.codePointAt(0)!));
    buffer.guessSegmentProperties();
    hb.shape(this.#font, buffer);
    const positions = buffer.getGlyphPositions();
    return buffer.getGlyphInfos().map((info, i) => ({
      glyph: info.codepoint,
      cluster: info.cluster,
      xAdvance: positions[i].xAdvance,
      xOffset: positions[i].xOffset,
      yOffset: positions[i].yOffset,
    }));
  }

  /** A glyph's outline as SVG path commands in font units, y upwards. */
  outline(glyph: number): { type: string; values: number[] }[] {
    return this.#font.glyphToJson(glyph);
  }
}
