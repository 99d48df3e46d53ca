import type { DisabledReport, FilePolicyReport, InvalidReport, LenientReport, SkippedReport } from "./policy.js";
import type { ScanLimit } from "./retry-limit.js";

/** What `check PATH…` found in the files it read: the report every check format renders. */
export interface FilesReport {
  readonly policies: readonly FilePolicyReport[];
  readonly disabled: readonly DisabledReport[];
  readonly invalid: readonly InvalidReport[];
  readonly skipped: readonly SkippedReport[];
  /** Files read leniently (read/yaml.ts); none when left out. */
  readonly lenient?: readonly LenientReport[];
  /** Every retry limit found, with the policies it governs; none when left out. */
  readonly limits?: readonly ScanLimit[];
  /** Symbolic links out of a directory searched, not followed (discover.ts); none when left out. */
  readonly linksNotFollowed?: number;
  /** Files read (parsed or passed over after a look at their text). */
  readonly filesScanned: number;
  readonly strict: boolean;
  readonly exitCode: number;
}
