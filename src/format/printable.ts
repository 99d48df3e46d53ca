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

/**
 * A line of a text report made safe to print: its control characters escaped as `printable`
 * writes them, and, where it would begin (after spaces) with `::`, that is with a GitHub
 * workflow command (`::warning file=…::`, `::stop-commands::`), its first colon written
 * `\x3a`. A name from a file can start a line (a file's own name heads its group in check's
 * table); only the tool's own annotations begin a line with `::`.
 */
export function printableLine(line: string): string {
  return printable(line).replace(/^(\s*):(?=:)/, "$1\\x3a");
}

/**
 * Text for an XML document (JUnit): each line's control characters escaped as `printable`
 * writes them, its line ends kept, and U+FFFE and U+FFFF, which XML 1.0 does not allow
 * either, as `\uHHHH`. What is left is all characters XML allows; `&`, `<` and the quotes
 * are the XML escaper's.
 */
export function xmlPrintable(text: string): string {
  return text
    .split("\n")
    .map((line) => printable(line).replace(/[\ufffe\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16)}`))
    .join("\n");
}
