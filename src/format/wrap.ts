/** The spaces inside one duration: between a number and its unit ("1.5 s") and between its two units ("8 min 32 s"). */
const UNIT_SPACE = /(\d) (?=(?:ms|s|min|h|d|yr)\b)/g;
const UNIT_PAIR = /(\d\u0000(?:yr|d|h|min)) (?=\d)/g;

/**
 * Prose fitted to a terminal: lines longer than `width` break at spaces. A line that
 * fits is returned untouched (so output at the full width keeps its bytes); a word
 * longer than the width stays whole on a line of its own rather than being cut.
 * `width` null means "no terminal to fit": nothing changes.
 */
export function wrapLine(line: string, width: number | null, hang = 0): string[] {
  if (width === null || line.length <= width) return [line];
  const lead = /^ */.exec(line)![0];
  // Words with the spaces before them, kept as written while they share a line; a
  // number keeps its unit ("55,000 ms" never breaks).
  const words = [...line.slice(lead.length).replace(UNIT_SPACE, "$1\u0000").replace(UNIT_PAIR, "$1\u0000").matchAll(/( *)([^ ]+)/g)].map(([, gap, word]) => ({
    gap: gap!,
    word: word!.replace(/\u0000/g, " "),
  }));
  const continuation = " ".repeat(lead.length + hang);
  // A word longer than a line (a source path, a compare SPEC) breaks after its slashes, commas
  // or colons rather than overflowing.
  const room = Math.max(1, width - continuation.length);
  const pieces = words.flatMap(({ gap, word }) =>
    word.length <= room ? [{ gap, word }] : slashPieces(word, room).map((piece, i) => ({ gap: i === 0 ? gap : "", word: piece })),
  );
  const lines: string[] = [];
  let current = lead;
  let empty = true;
  for (const { gap, word } of pieces) {
    if (!empty && current.length + gap.length + word.length > width) {
      lines.push(current);
      current = continuation + word;
    } else {
      current += empty ? word : gap + word;
    }
    empty = false;
  }
  lines.push(current);
  return lines;
}

/** The last place at or before `end` where a long word may break (after the character found), or -1. */
function lastBreak(word: string, end: number): number {
  for (let i = Math.min(end, word.length - 1); i >= 0; i--) if (BREAK_AFTER.includes(word[i]!)) return i;
  return -1;
}

function nextBreak(word: string, from: number): number {
  for (let i = from; i < word.length; i++) if (BREAK_AFTER.includes(word[i]!)) return i;
  return -1;
}

const BREAK_AFTER = "/,:";

/** A long word in pieces that end at a slash, comma or colon, each as long as `room` allows (a piece with none in reach stays whole). */
function slashPieces(word: string, room: number): string[] {
  const pieces: string[] = [];
  let rest = word;
  while (rest.length > room) {
    const cut = lastBreak(rest, room - 1);
    const at = cut >= 0 ? cut + 1 : nextBreak(rest, room) + 1;
    if (at <= 0 || at >= rest.length) break;
    pieces.push(rest.slice(0, at));
    rest = rest.slice(at);
  }
  pieces.push(rest);
  return pieces;
}

/** Every line wrapped (see wrapLine); continuation lines are indented by `hang` beyond the line's own indent. */
export function wrapLines(lines: readonly string[], width: number | null, hang = 0): string[] {
  if (width === null) return [...lines];
  return lines.flatMap((line) => wrapLine(line, width, hang));
}

/** A block of text (lines joined by "\n", ending in one) wrapped line by line. */
export function wrapText(text: string, width: number | null, hang = 0): string {
  if (width === null) return text;
  const ends = text.endsWith("\n");
  const lines = (ends ? text.slice(0, -1) : text).split("\n");
  return wrapLines(lines, width, hang).join("\n") + (ends ? "\n" : "");
}
