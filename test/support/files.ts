import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach } from "vitest";

/** A fresh temporary directory holding the given files; returns its path. */
export function tempFiles(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "backoff-test-"));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

/**
 * Runs each test of the calling file in a fresh temporary working directory (reports name
 * files relative to it), back to the previous one afterwards. `write` creates a file there,
 * with its folders.
 */
export function useTempCwd(prefix: string): { readonly dir: () => string; readonly write: (name: string, content: string | Buffer) => void } {
  let previousCwd = "";
  let dir = "";
  beforeEach(() => {
    previousCwd = process.cwd();
    dir = mkdtempSync(join(tmpdir(), `backoff-${prefix}-`));
    process.chdir(dir);
  });
  afterEach(() => process.chdir(previousCwd));
  return {
    dir: () => dir,
    write: (name, content) => {
      mkdirSync(join(dir, name, ".."), { recursive: true });
      writeFileSync(join(dir, name), content);
    },
  };
}
