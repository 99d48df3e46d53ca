/** The chart's drawing in viewBox units, shared by the page (the empty svg) and its script (what is drawn in it). */
export const CHART = { width: 900, height: 430, left: 92, right: 880, top: 16, bottom: 372 } as const;

/** Colours for the policies of a compare page (CSS variables --s0 … --s7); more policies reuse them. */
export const SERIES_COLORS = 8;

export function seriesClass(index: number): string {
  return `s${index % SERIES_COLORS}`;
}
