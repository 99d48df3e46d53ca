import { shortUnit } from "./values.js";

/**
 * A duration typed as two words, `--cap 10 seconds` (or `--cap=10 seconds`): the shell splits it,
 * so the unit would arrive as a stray word (an unknown command, a PATH to check). What was typed
 * and the whole argument list corrected (`--cap 10s`), or null when no option of `flags` (those
 * that take a duration) is followed by a number and then a unit.
 */
export function spelledOutDuration(argv: readonly string[], flags: ReadonlySet<string>): { readonly typed: string; readonly corrected: string[] } | null {
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    const joined = /^(--[\w-]+)=(.*)$/s.exec(word);
    const flag = joined === null ? word : joined[1]!;
    if (!flags.has(flag)) continue;
    const numberAt = joined === null ? i + 1 : i;
    const number = joined === null ? argv[i + 1] : joined[2]!;
    const unit = argv[numberAt + 1];
    const short = unit === undefined ? null : shortUnit(unit);
    if (number === undefined || short === null || !/^\d+(\.\d+)?$/.test(number)) continue;
    const value = `${number}${short}`;
    return {
      typed: `${flag} ${number} ${unit}`,
      corrected: [...argv.slice(0, i), ...(joined === null ? [flag, value] : [`${flag}=${value}`]), ...argv.slice(numberAt + 2)],
    };
  }
  return null;
}
