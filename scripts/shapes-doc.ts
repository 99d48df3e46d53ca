/**
 * The table of docs/check-files.md that lists what `check PATH` recognises, generated from
 * the shape registry (src/config/shapes/index.ts) so the list cannot drift from the code:
 * `npm run docs` writes it between the two markers, test/docs/shapes-doc.test.ts fails when
 * the file differs. Pure: no file or process access.
 */
import { SHAPES } from "../src/config/shapes/index.js";

export const SHAPES_TABLE_START = "<!-- the shapes: generated from src/config/shapes/ by npm run docs; edit the shapes, not this table -->";
export const SHAPES_TABLE_END = "<!-- end of the shapes -->";

/** The table, one row per shape in the registry's order (each cell is the shape's own Markdown). */
export function shapesTable(): string {
  const rows = SHAPES.map(({ docs }) => shapeRow(docs));
  return ["| system | where | what becomes the policy | what it retries on |", "|---|---|---|---|", ...rows].join("\n");
}

/** A shape's row: its system, where, policy and conditions ("not read" where the shape reads none yet). */
export function shapeRow(docs: { system: string; where: string; policy: string; conditions?: string }): string {
  return `| ${docs.system} | ${docs.where} | ${docs.policy} | ${docs.conditions ?? "not read"} |`;
}

/** The document with the table between its markers replaced by the generated one. */
export function withShapesTable(document: string): string {
  const start = document.indexOf(SHAPES_TABLE_START);
  const end = document.indexOf(SHAPES_TABLE_END);
  if (start === -1 || end < start) throw new Error("docs/check-files.md has lost the markers around the table of shapes");
  return `${document.slice(0, start + SHAPES_TABLE_START.length)}\n${shapesTable()}\n${document.slice(end)}`;
}
