import type { Scale } from "../scale.js";
import type { ChartPaint } from "./palette.js";

/** The bar area's geometry: a value's bar covers `cells(v)` columns and ends in column `column(v)`. */
export interface Plot {
  readonly scale: Scale;
  readonly width: number;
}

/** A positive value always gets at least one cell, so that no attempt looks like no wait at all. */
export function barCells(plot: Plot, ms: number): number {
  const cells = Math.round(plot.scale.fraction(ms) * plot.width);
  return ms > 0 ? Math.max(1, cells) : cells;
}

/** The column (from 0) where a value's marker goes: the last cell of its bar. */
export function markerColumn(plot: Plot, ms: number): number {
  return Math.min(plot.width - 1, Math.max(0, barCells(plot, ms) - 1));
}

/** The part of the chart a cell belongs to, which picks its paint. */
export type Role = keyof ChartPaint | "none";

/** Text laid out cell by cell, painted in runs of the same role. */
export class CellRow {
  readonly chars: string[];
  readonly roles: Role[];
  constructor(width: number) {
    this.chars = new Array<string>(width).fill(" ");
    this.roles = new Array<Role>(width).fill("none");
  }
  set(column: number, char: string, role: Role): void {
    if (column >= 0 && column < this.chars.length) {
      this.chars[column] = char;
      this.roles[column] = role;
    }
  }
  paint(paint: ChartPaint): string {
    let out = "";
    let start = 0;
    for (let column = 1; column <= this.chars.length; column++) {
      if (column === this.chars.length || this.roles[column] !== this.roles[start]) {
        const text = this.chars.slice(start, column).join("");
        const role = this.roles[start]!;
        out += role === "none" ? text : paint[role](text);
        start = column;
      }
    }
    return out;
  }
}
