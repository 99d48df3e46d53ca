/** ∫₀ˣ floor(t) dt for x ≥ 0. */
function floorIntegral(x: number): number {
  const k = Math.floor(x);
  return (k * (k - 1)) / 2 + k * (x - k);
}

/**
 * E[min(floor(X), cap)] for X uniform on [lo, hi] (lo ≥ 0): the exact mean of a floored
 * uniform draw, clamped to a whole-ms cap afterwards (cap null: no clamp).
 * For a rounded draw, pass lo + 0.5 and hi + 0.5 (round half up = floor(x + ½)).
 */
export function meanFloorUniform(lo: number, hi: number, cap: number | null = null): number {
  if (!(hi > lo)) return Math.min(Math.floor(lo), cap ?? Infinity);
  if (cap === null || hi <= cap) return (floorIntegral(hi) - floorIntegral(lo)) / (hi - lo);
  if (lo >= cap) return cap;
  return (floorIntegral(cap) - floorIntegral(lo) + (hi - cap) * cap) / (hi - lo);
}
