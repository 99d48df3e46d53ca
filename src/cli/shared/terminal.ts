/**
 * Whether a chart must be drawn in plain ASCII, from the environment alone:
 * NO_COLOR (any non-empty value) asks for the plainest output; TERM=linux (the
 * console's font has no block elements) and TERM=dumb cannot show them; and the
 * locale that governs characters (LC_ALL, then LC_CTYPE, then LANG, the first one
 * set) must name UTF-8, since without one the terminal's encoding is unknown.
 */
export function chartNeedsAscii(env: Readonly<Record<string, string | undefined>>): boolean {
  if ((env["NO_COLOR"] ?? "") !== "") return true;
  const term = env["TERM"];
  if (term === "linux" || term === "dumb") return true;
  const locale = [env["LC_ALL"], env["LC_CTYPE"], env["LANG"]].find((value) => value !== undefined && value !== "");
  return locale === undefined || !/utf-?8/i.test(locale);
}
