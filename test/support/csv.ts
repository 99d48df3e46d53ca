/** Parses CSV output of plain fields (no quoting) into objects keyed by header. */
export function parseCsv(text: string): Record<string, string>[] {
  const [header, ...lines] = text.trimEnd().split("\n");
  const names = header!.split(",");
  return lines.map((line) => Object.fromEntries(line.split(",").map((value, i) => [names[i]!, value])));
}

/** parseCsv with every field read as a number. */
export function parseCsvNumbers(text: string): Record<string, number>[] {
  return parseCsv(text).map((row) => Object.fromEntries(Object.entries(row).map(([name, value]) => [name, Number(value)])));
}
