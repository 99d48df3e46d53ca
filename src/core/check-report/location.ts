/**
 * Where something in a scan's report is: a place in a file (1-based line and column), and
 * where a policy was found. The result model of `backoff check` (src/core/check-report/): what
 * the command builds from the files it reads and every check format renders.
 */

/** A place in a file; line and column null where only the file is known (one too large to read). */
export interface Location {
  readonly file: string;
  readonly line: number | null;
  readonly column: number | null;
}

/** Where a policy was found: its file and place, the system it belongs to, its name. */
export interface PolicyPlace {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** The system's key ("step-functions"). */
  readonly system: string;
  readonly name: string;
}
