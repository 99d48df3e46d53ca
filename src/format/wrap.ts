/** The spaces inside one duration: between a number and its unit ("1.5 s") and between its two units ("8 min 32 s"). */
const UNIT_SPACE = /(\d) (?=(?:ms|s|min|h|d|yr)\b)/g;
const UNIT_PAIR = /(\d\u0000(?:yr|d|h|min)) (?=\d)/g;

/** How a text is broken into lines. */
export interface WrapHow {
  /**
   * Where a line may break: at spaces (prose; the default), or after each "," and ":" (a
   * compare SPEC such as exponential:base=1s,cap=30s, which has no spaces).
   */
  readonly at?: "spaces" | "separators";
  /**
   * A word longer than a line: broken after a "/", "," or ":" it holds and kept whole when it
   * has none (prose; the default: a path stays readable), or cut at the width (charts and
   * the compare table's names, whose lines must never be wider).
   */
  readonly long?: "break" | "cut";
}

/** A word and the spaces written before it; `alone`: it starts a line of its own when the line has text already. */
interface Word {
  readonly gap: string;
  readonly word: string;
  readonly alone?: boolean;
}

/**
 * The one line filler every wrapper here uses: words placed in order, each after its gap,
 * while the line stays within `width`; a word that does not fit (or comes `alone`) starts
 * the next line, after `continuation`, without its gap.
 */
function fill(words: Iterable<Word>, width: number, lead: string, continuation: string): string[] {
  const lines: string[] = [];
  let current = lead;
  let empty = true;
  for (const { gap, word, alone } of words) {
    if (!empty && (alone === true || current.length + gap.length + word.length > width)) {
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

/**
 * The words of a line with the spaces before each, kept as written while they share a line.
 * With `units`, a number keeps its unit ("55,000 ms" never breaks); text whose long words
 * are cut is taken as written (a number glued to its unit would only be cut elsewhere).
 */
function spacedWords(text: string, units: boolean): Word[] {
  const glued = units ? text.replace(UNIT_SPACE, "$1\u0000").replace(UNIT_PAIR, "$1\u0000") : text;
  return [...glued.matchAll(/( *)([^ ]+)/g)].map(([, gap, word]) => ({
    gap: gap!,
    word: word!.replace(/\u0000/g, " "),
  }));
}

/** A SPEC's pieces, each ending at a "," or ":" (the last at the end), with no gap between them. */
function separatedWords(text: string): Word[] {
  return text.split(/(?<=[,:])/).map((word) => ({ gap: "", word }));
}

const BREAK_AFTER = "/,:";

/** The last place at or before `end` where a long word may break (after the character found), or -1. */
function lastBreak(word: string, end: number): number {
  for (let i = Math.min(end, word.length - 1); i >= 0; i--) if (BREAK_AFTER.includes(word[i]!)) return i;
  return -1;
}

function nextBreak(word: string, from: number): number {
  for (let i = from; i < word.length; i++) if (BREAK_AFTER.includes(word[i]!)) return i;
  return -1;
}

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

/** Words longer than `room` in pieces: broken at slashes, commas and colons (prose), or cut, each piece then on a line of its own. */
function* fitted(words: readonly Word[], room: number, long: "break" | "cut"): Generator<Word> {
  for (const { gap, word, alone } of words) {
    if (word.length <= room) {
      yield alone === true ? { gap, word, alone } : { gap, word };
    } else if (long === "break") {
      for (const [i, piece] of slashPieces(word, room).entries()) yield { gap: i === 0 ? gap : "", word: piece };
    } else {
      for (let at = 0; at < word.length; at += room) yield { gap: at === 0 ? gap : "", word: word.slice(at, at + room), alone: true };
    }
  }
}

/**
 * Text fitted to a terminal: a line longer than `width` breaks at spaces (or where `how`
 * says). A line that fits is returned untouched (so output at the full width keeps its
 * bytes); continuation lines are indented by the line's own indent plus `hang`. `width`
 * null means "no terminal to fit": nothing changes.
 */
export function wrapLine(line: string, width: number | null, hang = 0, how: WrapHow = {}): string[] {
  if (width === null || line.length <= width) return [line];
  const lead = how.at === "separators" ? "" : /^ */.exec(line)![0];
  const continuation = " ".repeat(lead.length + hang);
  const long = how.long ?? "break";
  const words = how.at === "separators" ? separatedWords(line) : spacedWords(line.slice(lead.length), long === "break");
  return fill(fitted(words, Math.max(1, width - continuation.length), long), width, lead, continuation);
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

/**
 * Items (a chart's legend entries) two spaces apart, lines breaking only between them; an
 * item wider than a line starts one of its own and is wrapped by words (cut when a word is
 * wider still), the items after it following on its last line.
 */
export function wrapItems(items: readonly string[], width: number): string[] {
  const words = items.flatMap((item): Word[] => {
    if (item.length <= width) return [{ gap: "  ", word: item }];
    const [first, ...rest] = spacedWords(item, false);
    return first === undefined ? [] : [{ gap: "  ", word: first.word, alone: true }, ...rest];
  });
  return words.length === 0 ? [] : fill(fitted(words, width, "cut"), width, "", "");
}
