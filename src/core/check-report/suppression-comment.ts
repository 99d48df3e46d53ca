/**
 * An inline suppression found in a file (config/suppressions.ts reads them): `# backoff-ignore
 * RULE[, RULE] -- reason` at its place, the rules it names, and its reason (null: none given).
 */
export interface SuppressionComment {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly rules: readonly string[];
  readonly reason: string | null;
  /** Alone on its line (it applies to the line below), or after a key on the line (it applies to that line). */
  readonly alone: boolean;
}
