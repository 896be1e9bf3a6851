/**
 * Discount codes the shop makes up, long enough not to be guessed: 12 symbols from 31 letters
 * and digits that cannot be misread (no 0, O, 1, I, L), about 59 bits, grouped by four with
 * hyphens ("7KQ4-M9XA-2TPR") as the code's spelling rule allows. At the shop-wide bound of 100
 * refused codes in 15 minutes (http/routes/code_attempts.ts), finding one of a hundred such
 * codes takes some hundreds of millions of years of guessing; a run in issue 44 found 8 typed
 * codes in 3.3 s.
 * Randomness is an input: the caller draws the bytes (crypto.getRandomValues).
 */

/** The symbols: capitals and digits, without the ones read for each other. */
export const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** Symbols in a made-up code. */
export const GENERATED_CODE_SYMBOLS = 12;

/** Random bytes a made-up code takes (each symbol from one byte, no bias: see below). */
export const GENERATED_CODE_BYTES = 64;

/**
 * A code from random bytes: each symbol from the next byte below the largest multiple of the
 * alphabet's size (so no symbol is likelier than another); undefined when the bytes run out
 * first (a caller draws again).
 *
 * @example generatedCode(crypto.getRandomValues(new Uint8Array(GENERATED_CODE_BYTES))) // "7KQ4-M9XA-2TPR"
 */
export function generatedCode(bytes: Uint8Array): string | undefined {
  const size = CODE_ALPHABET.length;
  const ceiling = 256 - (256 % size);
  const symbols: string[] = [];
  for (const byte of bytes) {
    if (symbols.length === GENERATED_CODE_SYMBOLS) break;
    if (byte < ceiling) symbols.push(CODE_ALPHABET[byte % size]);
  }
  if (symbols.length < GENERATED_CODE_SYMBOLS) return undefined;
  return [0, 4, 8].map((at) => symbols.slice(at, at + 4).join("")).join("-");
}

/** Bits of a made-up code: how many guesses finding one takes, on average, is half of 2^this. */
export function generatedCodeBits(): number {
  return GENERATED_CODE_SYMBOLS * Math.log2(CODE_ALPHABET.length);
}
