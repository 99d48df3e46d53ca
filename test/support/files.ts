import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach } from "vitest";

/*
 * Every temporary directory a test makes comes from here and is removed when the test file
 * is done (or, for useTempCwd, when each test is done), whether its tests passed or not.
 * global-setup.ts points TMPDIR at one directory per run and fails the run when anything is
 * left in it, so a test that makes its own temporary files and forgets them is caught.
 */
const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temporary directory, removed after the calling test file. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `backoff-${prefix}-`));
  made.push(dir);
  return dir;
}

/** A fresh temporary directory holding the given files; returns its path. */
export function tempFiles(files: Record<string, string>): string {
  const dir = tempDir("test");
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

/**
 * Runs each test of the calling file in a fresh temporary working directory (reports name
 * files relative to it), back to the previous one afterwards, the directory removed. `write`
 * creates a file there, with its folders.
 */
export function useTempCwd(prefix: string): { readonly dir: () => string; readonly write: (name: string, content: string | Buffer) => void } {
  let previousCwd = "";
  let dir = "";
  beforeEach(() => {
    previousCwd = process.cwd();
    dir = mkdtempSync(join(tmpdir(), `backoff-${prefix}-`));
    process.chdir(dir);
  });
  afterEach(() => {
    process.chdir(previousCwd);
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    dir: () => dir,
    write: (name, content) => {
      mkdirSync(join(dir, name, ".."), { recursive: true });
      writeFileSync(join(dir, name), content);
    },
  };
}
