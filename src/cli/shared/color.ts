/**
 * Whether to colour, decided from the stream and the environment rather than
 * chalk's own detection (which reads `process` and ignores NO_COLOR):
 * `--no-color` wins; then FORCE_COLOR (0/false turns colour off, anything else on,
 * 2 and 3 pick richer palettes); then NO_COLOR (any non-empty value turns it off);
 * otherwise colour only on a terminal, never into a pipe or file.
 */
export type ColorLevel = 0 | 1 | 2 | 3;

export function colorLevel(flagAllowsColor: boolean, isTTY: boolean, env: Readonly<Record<string, string | undefined>>): ColorLevel {
  if (!flagAllowsColor) return 0;
  const force = env["FORCE_COLOR"];
  if (force !== undefined) {
    if (force === "0" || force.toLowerCase() === "false") return 0;
    if (force === "2" || force === "3") return Number(force) as ColorLevel;
    return 1;
  }
  if (env["NO_COLOR"] !== undefined && env["NO_COLOR"] !== "") return 0;
  if (!isTTY || env["TERM"] === "dumb") return 0;
  return 1;
}
