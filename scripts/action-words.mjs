// The GitHub Action's list inputs (paths, args) split into words (scripts/action.mjs reads them
// so). Words are separated by any white space, newlines included, so a YAML `|` block may give
// one item a line or several a line; a word holding a space is quoted, '…' (as it is) or "…"
// (\" and \\ within it). Nothing is expanded: no $VAR, no globs, no command. An unclosed quote
// is bad input.

/**
 * The words of an input's text, or the quote left open.
 * @param {string} text
 * @returns {{ words: string[] } | { unclosed: "single" | "double" }}
 */
export function inputWords(text) {
  /** @type {string[]} */
  const words = [];
  /** @type {string | null} */
  let word = null;
  /** @type {string | null} */
  let quote = null;
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (quote === "'") {
      if (c === "'") quote = null;
      else word = (word ?? "") + c;
    } else if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === "\\" && (text.charAt(i + 1) === '"' || text.charAt(i + 1) === "\\")) word = (word ?? "") + text.charAt(++i);
      else word = (word ?? "") + c;
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= "";
    } else {
      word = (word ?? "") + c;
    }
  }
  if (quote !== null) return { unclosed: quote === "'" ? "single" : "double" };
  if (word !== null) words.push(word);
  return { words };
}
