import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A fresh temporary directory holding the given files; returns its path. */
export function tempFiles(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "backoff-test-"));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}
