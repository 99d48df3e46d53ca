import type { ChalkInstance } from "chalk";
import type { ColorLevel } from "./color.js";

/**
 * A chalk that paints at `level` (see colorLevel), never chalk's own detection.
 * Loaded on first use: chalk costs start-up time that the machine formats never pay
 * (in the CLI bundle it lives in dist/table.cjs, see scripts/build.js).
 */
export async function chalkAt(level: ColorLevel): Promise<ChalkInstance> {
  const { Chalk } = await import("chalk");
  return new Chalk({ level });
}
