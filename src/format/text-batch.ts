import { BILLION, SATURATED_TEXT, SMALL_INTEGER_LIMIT, msField } from "./numbers.js";

const ZERO = 48;
/** What this file takes of the TextDecoder every runtime has (the library's typings assume no Node or DOM types). */
interface Decoder {
  decode(bytes: Uint8Array): string;
}
type DecoderClass = new (label: string, options: { readonly ignoreBOM: boolean }) => Decoder;
/** ASCII text is read back from the bytes as it is: one flat string per batch, no byte-order mark dropped. */
const DECODER = new (globalThis as unknown as { readonly TextDecoder: DecoderClass }).TextDecoder("utf-8", { ignoreBOM: true });

const SATURATED_BYTES = Uint8Array.from(SATURATED_TEXT, (character) => character.charCodeAt(0));

/** "00", "01", … "99" as ASCII bytes: a number's digits are written two at a time. */
const DIGIT_PAIRS = Uint8Array.from({ length: 200 }, (_, i) => ZERO + (i & 1 ? (i >> 1) % 10 : Math.floor(i / 20)));

/** The number of decimal digits of a whole number from 0 up to 2^31 − 1. */
function digitCount(n: number): number {
  let count = 1;
  for (let next = 10; n >= next && count < 10; next *= 10) count++;
  return count;
}

/**
 * A batch of delimited lines written as bytes and read back as one string: a line's fields
 * are written digit by digit into one buffer, with no string per field nor per line (the
 * strings a million-row CSV built and joined, and the garbage they left, were most of its
 * cost). What it holds is exactly the text the fields' strings would join to: numbers as
 * integerField (src/format/delimited.ts) prints them, ASCII text byte for byte, and any
 * other text (a character from U+0080) kept as the string it is, beside the bytes before it.
 */
export class TextBatch {
  private bytes: Uint8Array;
  private used = 0;
  /** The text before the bytes: what came before a cell that is not ASCII, and the cell itself. */
  private before = "";

  constructor(capacity: number) {
    this.bytes = new Uint8Array(Math.max(capacity, 64));
  }

  /** The batch's size so far: bytes written plus characters kept as text. */
  get size(): number {
    return this.used + this.before.length;
  }

  /** One ASCII character (a separator, a line end). */
  char(code: number): void {
    if (this.used === this.bytes.length) this.grow(1);
    this.bytes[this.used++] = code;
  }

  /** A number as integerField writes it: a whole one's digits, the saturation marker from 2^53, else msField's text. */
  integer(ms: number): void {
    if (ms > Number.MAX_SAFE_INTEGER) return this.saturated();
    if (ms < SMALL_INTEGER_LIMIT && ms >= 0 && Number.isInteger(ms)) return this.digits(ms);
    if (ms > 0 && Number.isInteger(ms)) {
      // 2^31 up to 2^53 − 1: the billions, then the last nine digits zero-padded. The quotient
      // rounded can only be one too high (the floor of a correctly rounded ms / 10^9 is never
      // below the true one); every product and difference is a whole number below 2^53, so exact.
      // (ms % 10^9 would be exact too, but a double's remainder is a call into C.)
      let high = Math.floor(ms / BILLION);
      let low = ms - high * BILLION;
      if (low < 0) {
        high -= 1;
        low += BILLION;
      }
      this.digits(high);
      return this.nineDigits(low);
    }
    this.text(msField(ms));
  }

  /** Text as it is. */
  text(text: string): void {
    const length = text.length;
    if (this.used + length > this.bytes.length) this.grow(length);
    const bytes = this.bytes;
    let at = this.used;
    for (let i = 0; i < length; i++) {
      const code = text.charCodeAt(i);
      if (code >= 0x80) {
        // Not ASCII: the bytes so far become text, and the cell is kept as the string it is.
        this.before += DECODER.decode(bytes.subarray(0, this.used)) + text;
        this.used = 0;
        return;
      }
      bytes[at++] = code;
    }
    this.used = at;
  }

  /** The saturation marker, copied from its bytes (every total of a long uncapped schedule is one). */
  private saturated(): void {
    const length = SATURATED_BYTES.length;
    if (this.used + length > this.bytes.length) this.grow(length);
    const bytes = this.bytes;
    const at = this.used;
    for (let i = 0; i < length; i++) bytes[at + i] = SATURATED_BYTES[i]!;
    this.used = at + length;
  }

  /** The batch's text, and an empty batch for what follows. */
  take(): string {
    const text = this.before + DECODER.decode(this.bytes.subarray(0, this.used));
    this.before = "";
    this.used = 0;
    return text;
  }

  /** A whole number from 0 up to 2^31 − 1 (−0 as 0), two digits at a time from the last. */
  private digits(n: number): void {
    const count = digitCount(n);
    if (this.used + count > this.bytes.length) this.grow(count);
    const bytes = this.bytes;
    let at = this.used + count;
    this.used = at;
    let rest = n | 0;
    while (rest >= 100) {
      const hundredth = (rest / 100) | 0;
      const pair = (rest - hundredth * 100) << 1;
      bytes[--at] = DIGIT_PAIRS[pair + 1]!;
      bytes[--at] = DIGIT_PAIRS[pair]!;
      rest = hundredth;
    }
    if (rest >= 10) {
      bytes[--at] = DIGIT_PAIRS[(rest << 1) + 1]!;
      bytes[--at] = DIGIT_PAIRS[rest << 1]!;
    } else {
      bytes[--at] = ZERO + rest;
    }
  }

  /** A whole number below 10^9, zero-padded to nine digits: four pairs from the last, then the first digit. */
  private nineDigits(n: number): void {
    if (this.used + 9 > this.bytes.length) this.grow(9);
    const bytes = this.bytes;
    const first = this.used;
    let rest = n | 0;
    for (let at = first + 7; at > first; at -= 2) {
      const hundredth = (rest / 100) | 0;
      const pair = (rest - hundredth * 100) << 1;
      bytes[at] = DIGIT_PAIRS[pair]!;
      bytes[at + 1] = DIGIT_PAIRS[pair + 1]!;
      rest = hundredth;
    }
    bytes[first] = ZERO + rest;
    this.used = first + 9;
  }

  private grow(more: number): void {
    const bytes = new Uint8Array(Math.max(this.bytes.length * 2, this.used + more));
    bytes.set(this.bytes.subarray(0, this.used));
    this.bytes = bytes;
  }
}
