import { percentText, plainNumber } from "../decimal.js";
/** A jitter mode: none, proportional ±fraction, or one of AWS's three. */
export type Jitter =
  | { readonly kind: "none" }
  | { readonly kind: "proportional"; readonly fraction: number }
  | { readonly kind: "full" }
  | { readonly kind: "equal" }
  | { readonly kind: "decorrelated" };

export const NO_JITTER: Jitter = { kind: "none" };

/** "none", "0.2", "full", "equal", "decorrelated": the name the CLI reads and prints. */
export function jitterName(jitter: Jitter): string {
  return jitter.kind === "proportional" ? plainNumber(jitter.fraction) : jitter.kind;
}

/** One line on what a mode draws, for summaries. */
export function jitterDescription(jitter: Jitter): string {
  switch (jitter.kind) {
    case "none":
      return "none";
    case "proportional":
      return `±${percentText(jitter.fraction)}% (uniform over [d·(1−${plainNumber(jitter.fraction)}), d·(1+${plainNumber(jitter.fraction)})], clamped to the cap)`;
    case "full":
      return "full (uniform over [0, d])";
    case "equal":
      return "equal (d/2 + uniform over [0, d/2])";
    case "decorrelated":
      return "decorrelated (min(cap, uniform(base, previous × 3)))";
  }
}
