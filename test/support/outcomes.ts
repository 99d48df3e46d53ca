import type { FileOutcome } from "../../src/cli/check/scan-file.js";

/** A file's scan outcome with nothing in it but what `changes` says (the check pool's and scanFile's tests). */
export const emptyOutcome = (changes: Partial<FileOutcome> = {}): FileOutcome => ({
  scanned: true,
  skips: [],
  policies: [],
  disabled: [],
  invalid: [],
  lenient: [],
  missing: [],
  usageError: null,
  limits: [],
  targets: [],
  ...changes,
});
