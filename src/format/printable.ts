/**
 * A name that comes from a file (a chain layer's name, a file's own name), made safe to
 * print in a text format: each control character is written as an escape, so a name can
 * neither colour the terminal (`\x1b[31m`), nor end its line and start another (a line
 * `::warning file=…::` is a GitHub workflow command), nor break a CSV or Markdown row.
 * `\n`, `\r` and `\t` by their letters, the rest of C0, DEL and C1 as `\xHH`, and the
 * characters that end a line or turn the text's direction (U+2028, U+2029, U+200E, U+200F,
 * U+202A–U+202E, U+2066–U+2069) as `\uHHHH`. Anything else, backslashes included, is left
 * as it is: a name without control characters prints unchanged. JSON formats need none of
 * this (JSON escapes them itself).
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

export function printable(text: string): string {
  return text.replace(CONTROL, (char) => {
    const named = NAMED[char];
    if (named !== undefined) return named;
    const code = char.charCodeAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}
