import { realpathSync } from "node:fs";
import { lstat, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { type FormatName, formatNamed } from "../../format/registry.js";
import type { Rendered } from "../../format/renderer.js";
import { UsageError, shown } from "../shared/errors.js";

// check's --output FORMAT=FILE (repeatable): each report written to its file, whole or not at
// all, beside the one the terminal gets. A file is written to a folder made beside it (the same
// directory, so the same file system) and renamed into place once whole, as git writes its
// index (lockfile.c: write index.lock, then rename): a reader, or a CI step after a failed
// run, never sees it empty or cut off, whatever the exit code. Bad input is refused before
// the check runs, so it writes none.

/** One --output FORMAT=FILE. */
export interface OutputTarget {
  readonly format: FormatName;
  readonly file: string;
}

/** Reads the --output values among check's formats: FORMAT=FILE each, no file twice. */
export function outputTargets(given: readonly string[], formats: readonly FormatName[]): OutputTarget[] {
  const targets: OutputTarget[] = [];
  for (const value of given) {
    const at = value.indexOf("=");
    if (at <= 0 || at === value.length - 1) throw new UsageError(`--output takes FORMAT=FILE (sarif=backoff.sarif), got ${shown(value)}`);
    const word = value.slice(0, at);
    const file = value.slice(at + 1);
    const found = formatNamed(word, formats);
    if (found.format === null) throw new UsageError(`--output's format must be one of ${formats.join(", ")}, got ${shown(word)}${found.near === null ? "" : `; did you mean ${found.near}?`}`);
    if (file === "-") throw new UsageError(`--output writes files; standard output gets --format (--format ${found.format}), got ${shown(value)}`);
    const twice = targets.find((target) => target.file === file);
    if (twice !== undefined) throw new UsageError(`--output names ${shown(file)} twice (${twice.format} and ${found.format}): one file per format`);
    targets.push({ format: found.format, file });
  }
  return targets;
}

/** A file the run names, and how it was named ("--output json=r.json", "--baseline", "PATH"). */
export interface NamedFile {
  readonly flag: string;
  readonly file: string;
}

/** Where a file is: its real path when it exists (through symbolic links), else its absolute path. */
export function fileKey(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return resolve(file);
  }
}

/**
 * Refuses a run that would write one file twice, or over a file it reads (a report over the
 * policy it checks, over the config or the baseline it reads): a UsageError before anything
 * is checked or written. `--write-baseline FILE --baseline FILE` refreshes a baseline in
 * place, and is allowed.
 */
export function refuseOverwrites(written: readonly NamedFile[], read: readonly NamedFile[]): void {
  const seen = new Map<string, NamedFile>();
  for (const target of written) {
    const key = fileKey(target.file);
    const twice = seen.get(key);
    if (twice !== undefined) throw new UsageError(`${twice.flag} and ${target.flag} both write ${shown(target.file)}: one file each`);
    seen.set(key, target);
    const source = read.find((each) => fileKey(each.file) === key && !(target.flag === "--write-baseline" && each.flag === "--baseline"));
    if (source !== undefined) throw new UsageError(`${target.flag} would overwrite ${shown(target.file)}, which check reads (${source.flag}): name another file`);
  }
}

/** A renderer's document, whole: its pieces joined, as UTF-8 (its lines for standard error are the terminal's). */
export function renderedText(rendered: Rendered): Uint8Array {
  const pieces: Iterable<string | Uint8Array> = "bytes" in rendered ? rendered.bytes : rendered.pieces;
  return Buffer.concat([...pieces].map((piece) => (typeof piece === "string" ? Buffer.from(piece, "utf8") : piece)));
}

/**
 * Writes each file whole or not at all: every one to a folder made beside it, then each
 * renamed into place; a file that cannot be written leaves none of them (UsageError, exit 2).
 */
export async function writeWhole(files: readonly { readonly file: string; readonly text: Uint8Array }[]): Promise<void> {
  // A directory (or anything but a file) in the way is refused before anything is written.
  for (const { file } of files) {
    const found = await lstat(file).catch(() => null);
    if (found !== null && !found.isFile() && !found.isSymbolicLink()) throw new UsageError(`--output cannot write ${shown(file)}: it is not a file`);
  }
  const made: { readonly folder: string; readonly temp: string; readonly file: string }[] = [];
  let current = files[0]?.file ?? "";
  try {
    for (const { file, text } of files) {
      current = file;
      const folder = await mkdtemp(join(dirname(file), `.${basename(file)}.backoff-`));
      const temp = join(folder, basename(file));
      made.push({ folder, temp, file });
      await writeFile(temp, text, { flag: "wx" });
    }
    for (const { temp, file } of made) {
      current = file;
      await rename(temp, file);
    }
  } catch (error) {
    const code = error instanceof Error && "code" in error ? String((error as NodeJS.ErrnoException).code) : "";
    const reason = code === "ENOENT" ? "its directory does not exist" : code === "EACCES" || code === "EPERM" ? "permission denied" : code === "ENOTDIR" ? "a part of its path is not a directory" : error instanceof Error ? error.message : String(error);
    throw new UsageError(`--output cannot write ${shown(current)}: ${reason}`);
  } finally {
    for (const { folder } of made) await rm(folder, { recursive: true, force: true });
  }
}
