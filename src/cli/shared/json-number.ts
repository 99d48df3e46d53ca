import { decimalText, decimal } from "../../core/decimal.js";

/** Exponents beyond this are far outside any value a configuration can hold (and would spell out thousands of digits). */
const MAX_EXPONENT = 400;

/**
 * A JSON number literal as the plain decimal it denotes, exactly ("1e3" → "1000",
 * "5e-1" → "0.5", "-2.50" → "-2.5"), so that a configuration's 1e3 is read as the flag
 * 1000 is, by every key alike, without passing through a double. Null when the exponent is
 * out of all reasonable range.
 */
export function jsonNumberText(source: string): string | null {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(source);
  if (!match) return null;
  const [, sign, whole, fraction = "", exponentText = "0"] = match;
  const exponent = Number(exponentText);
  if (!(Math.abs(exponent) <= MAX_EXPONENT)) return null;
  const value = decimal(BigInt(whole! + fraction), fraction.length - exponent);
  return `${sign === "-" && value.digits !== 0n ? "-" : ""}${decimalText(value)}`;
}
