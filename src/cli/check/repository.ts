import { existsSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import type { SourceRoot } from "../../format/renderer.js";

/**
 * The repository's root: the nearest folder at or above `from` (the working directory) that
 * holds .git (a directory, or the file of a worktree or submodule), else `from` itself, as
 * git rev-parse --show-toplevel finds it without running git.
 */
export function repositoryRoot(from: string = resolve(".")): string {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, ".git"))) return dir;
    if (dirname(dir) === dir) return resolve(from);
  }
}

/** The repository's root as SARIF names it (%SRCROOT%), and the working directory from it. */
export function sourceRoot(from: string = resolve(".")): SourceRoot {
  const root = repositoryRoot(from);
  const cwd = relative(root, resolve(from)).split(sep).filter((part) => part !== "");
  const uri = pathToFileURL(root).href;
  return { uri: uri.endsWith("/") ? uri : `${uri}/`, cwd: cwd.map((part) => `${encodeURIComponent(part)}/`).join("") };
}
