// The GitHub Action's list inputs (paths, args) split into words, as action.sh reads them:
//   node action-words.mjs NAME         writes the words of the environment variable NAME, each
//                                      followed by a NUL byte (bash: mapfile -d ''), on standard output;
//   node action-words.mjs NAME --check writes nothing unless the input is bad (below).
// Words are separated by any white space, newlines included, so a YAML `|` block may give one
// item a line or several a line; a word holding a space is quoted, '…' (as it is) or "…" (\"
// and \\ within it). Nothing is expanded: no $VAR, no globs, no command. An unclosed quote is
// bad input: one ::error line, exit 2.
const name = process.argv[2] ?? "";
const text = process.env[name] ?? "";
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
if (quote !== null) {
  const input = name.replace(/^INPUT_/, "").toLowerCase().replace(/_/g, "-");
  process.stdout.write(`::error title=backoff::the action's ${input} input has a ${quote === "'" ? "single" : "double"} quote that is not closed\n`);
  process.exit(2);
}
if (word !== null) words.push(word);
if (process.argv[3] !== "--check") process.stdout.write(words.map((w) => `${w}\0`).join(""));
