import { UsageError } from "../errors.js";

/**
 * The offset of the first byte that is not part of a well-formed UTF-8 sequence (RFC 3629:
 * no overlong forms, no surrogates, nothing above U+10FFFF), or −1 when every byte is.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) length = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      length = 3;
      if (b === 0xe0) low = 0xa0; // no overlong three-byte forms
      if (b === 0xed) high = 0x9f; // no surrogates
    } else if (b >= 0xf0 && b <= 0xf4) {
      length = 4;
      if (b === 0xf0) low = 0x90; // no overlong four-byte forms
      if (b === 0xf4) high = 0x8f; // nothing above U+10FFFF
    } else return i;
    if (i + length > bytes.length) return i;
    for (let k = 1; k < length; k++) {
      const c = bytes[i + k]!;
      if (k === 1 ? c < low || c > high : c < 0x80 || c > 0xbf) return i;
    }
    i += length;
  }
  return -1;
}

/**
 * The bytes of a configuration as text, refusing invalid UTF-8 with file:line:column
 * rather than letting it become U+FFFD in a policy name or a value.
 */
export function utf8Text(bytes: Uint8Array, name: string): string {
  const bad = firstInvalidUtf8(bytes);
  if (bad >= 0) {
    const before = Buffer.from(bytes.subarray(0, bad)).toString("utf8");
    const lines = before.split(/\r\n|\r|\n/);
    const line = lines.length;
    const column = lines[lines.length - 1]!.length + 1;
    const byte = bytes[bad]!.toString(16).toUpperCase().padStart(2, "0");
    throw new UsageError(`${name}:${line}:${column}: invalid UTF-8 (byte 0x${byte}); save the configuration as UTF-8`);
  }
  return Buffer.from(bytes).toString("utf8");
}
