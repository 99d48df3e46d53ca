/** A plain decimal as people type one: digits with at most one point (2, 1.5, .5, 3.); no sign, exponent, hex, NaN or Infinity. */
export const PLAIN_DECIMAL = /^(\d+\.?\d*|\.\d+)$/;

/** The value of a plain decimal (surrounding spaces allowed), NaN for anything else. */
export function plainDecimal(text: string): number {
  const trimmed = text.trim();
  return PLAIN_DECIMAL.test(trimmed) ? Number(trimmed) : Number.NaN;
}
