import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SHAPES_TABLE_END, SHAPES_TABLE_START, shapeRow, shapesTable, withShapesTable } from "../../scripts/shapes-doc.js";
import { SHAPES } from "../../src/config/shapes/index.js";
import { ROOT } from "../support/paths.js";

describe("docs/check-files.md's table of shapes", () => {
  it("is what the shape registry generates", () => {
    const onDisk = readFileSync(join(ROOT, "docs/check-files.md"), "utf8");
    expect(onDisk === withShapesTable(onDisk), "docs/check-files.md's table of shapes is out of date: run npm run docs").toBe(true);
  });

  it("has a row per shape, in the registry's order, between the markers", () => {
    const rows = shapesTable().split("\n").slice(2);
    expect(rows).toEqual(SHAPES.map((shape) => shapeRow(shape.docs)));
    expect(rows[0]).toBe("| backoff's own config | JSON or YAML with `strategy`, `base`, `policies`, … (`--config`'s format) | exactly what `check --config` reads, limits included: its defaults are the flags' (exponential from 1 s, factor 2, no cap, 10 retries); `attempts` counts retries; a `preset` key checks that library's model with the file's values | none: the file says when and how often to retry, not on what, so no `retries on` line is shown; the program that runs the schedule decides (with a `preset`, `backoff presets NAME` shows that library's default conditions) |");
    // The conditions column (issue 41): a shape's own words, or "not read" where it reads none.
    expect(shapeRow({ system: "S", where: "w", policy: "p", conditions: "c" })).toBe("| S | w | p | c |");
    const replaced = withShapesTable(`intro\n${SHAPES_TABLE_START}\nold table\n${SHAPES_TABLE_END}\nafter\n`);
    expect(replaced).toBe(`intro\n${SHAPES_TABLE_START}\n${shapesTable()}\n${SHAPES_TABLE_END}\nafter\n`);
    expect(() => withShapesTable("no markers")).toThrow("lost the markers");
  });
});
