import { type Dirent, readdirSync, realpathSync, statSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { UsageError, shown } from "../shared/errors.js";
import { MAX_FILE_BYTES, PathRefused, readPath, specialKind } from "../shared/read-path.js";
import { type IgnoreRule, isIgnored, parseIgnore } from "./ignore.js";
import { FILE_ENDINGS, kindOfName } from "../../config/policy-reference.js";
import type { FileKind } from "../../config/recognise.js";

// Which names are read, and how: one rule with the chain's references to found policies.
export { FILE_ENDINGS, kindOfName };

/**
 * Finding the files `check PATH…` reads: each PATH a file (read whatever its name) or a
 * directory (searched recursively for .json, .yaml, .yml, .properties, .toml and .asl files, in
 * any case: FILE_ENDINGS). The walk
 * yields files one at a time, so memory stays flat in the number of files.
 *
 * Left out while walking: the directories .git, node_modules, dist, build and vendor (of
 * the last three, only a composite action's action.yml or action.yaml is read: a
 * `.github/actions/build/`), what
 * the .gitignore at the top of the directory lists, and what --exclude lists (same
 * syntax). Skipped with one line on stderr: a symbolic link that leads back into a
 * directory being walked (or into itself); a file over 10 MB is skipped when it is read
 * (files.ts), from the size its open handle reports. A directory reached twice through
 * links is walked once. Files are visited in name order, a directory's files before its
 * subdirectories. Only regular files are read: a named pipe, a device or a socket, named or
 * found, is refused before it is opened (shared/read-path.ts).
 *
 * A symbolic link that leads out of the directory being scanned (`outside -> /etc/app`,
 * `up -> ..`, a `secret.properties` that points at a file elsewhere on the machine) is not
 * followed, as ripgrep and git do not: a repository's own files decide what is read, not
 * where its links point (in CI the tree comes from a pull request, and what is read goes
 * into the report). Each is a note on stderr and counted in the report's summary; `--follow`
 * follows them. A PATH named on the command line is read as given, links and all.
 *
 * The file system is read synchronously: a synchronous call costs a fraction of a
 * promise's trip through libuv's thread pool (stat alone was an eighth of the time on a
 * tree of 2,000 files), and the files themselves are read on worker threads (pool.ts),
 * each one file at a time.
 */
export const SKIPPED_DIRECTORIES: ReadonlySet<string> = new Set([".git", "node_modules", "dist", "build", "vendor"]);
export { MAX_FILE_BYTES };
/** The .gitignore read at the top of a scan: larger is no list of patterns anyone keeps. */
export const MAX_GITIGNORE_BYTES = 1024 * 1024;

export interface Candidate {
  /** The path to open. */
  readonly path: string;
  /** How reports name it: relative to the working directory, with /. */
  readonly name: string;
  readonly kind: FileKind;
  /** Named on the command line (not found in a directory). */
  readonly named: boolean;
  /** Under a Helm chart's templates/ directory. */
  readonly helmTemplate: boolean;
}

export interface DiscoverySkip {
  readonly name: string;
  readonly reason: string;
  /** A symbolic link out of the directory scanned, not followed: a note, counted apart from the skipped files. */
  readonly link?: true;
}

export interface DiscoverOptions {
  /** Named files are read as a directory scan reads what it finds (--any-file). */
  readonly anyFile?: boolean;
  /** Symbolic links that lead out of the directory scanned are followed (--follow). */
  readonly follow?: boolean;
}


/** A path as reports show it: relative to the working directory, with / between names. */
export function displayName(path: string): string {
  const rel = relative(resolve("."), resolve(path));
  return (rel === "" ? "." : rel).split(sep).join("/");
}

export function reason(error: unknown): string {
  const code = (error as { code?: string } | null)?.code;
  if (code === "ENOENT") return "no such file or directory";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "ELOOP") return "a symbolic link loop";
  return code ?? String(error);
}

/**
 * The candidates under the given paths, in order. A file named on the command line is
 * `named` (no policy in it is bad input), unless `anyFile`: then it is read as a directory
 * scan reads what it finds (pre-commit and lint-staged name every changed file, most of
 * which hold no retry policy), and one whose name no reader takes is passed over.
 */
export function* discover(paths: readonly string[], excludes: readonly IgnoreRule[], skip: (s: DiscoverySkip) => void, options: DiscoverOptions = {}): Generator<Candidate> {
  const anyFile = options.anyFile === true;
  for (const path of paths) {
    if (path.trim() === "") throw new UsageError(`a PATH is empty; give a file or a directory`);
    let info;
    try {
      info = statSync(path);
    } catch (error) {
      throw new UsageError(`cannot read ${shown(path)}: ${reason(error)}`);
    }
    if (info.isDirectory()) {
      yield* walk(path, excludes, skip, options.follow === true);
    } else if (info.isFile()) {
      const name = displayName(path);
      if (info.size > MAX_FILE_BYTES) throw new UsageError(`${name} is ${info.size} bytes; backoff reads configuration files of at most 10 MB`);
      const kind = kindOfName(path);
      if (anyFile) {
        if (kind !== null) yield { path, name, kind, named: false, helmTemplate: false };
      } else {
        yield { path, name, kind: kind ?? "yaml", named: true, helmTemplate: false };
      }
    } else {
      throw new UsageError(`cannot read ${shown(path)}: it is ${specialKind(info)}, not a regular file`);
    }
  }
}

interface Pending {
  readonly dir: string;
  readonly rel: string;
  /** Real paths of this directory and those above it, for spotting links that lead back. */
  readonly ancestors: readonly string[];
  readonly helm: boolean;
  /** Read only these files of it, no subdirectory (a build, dist or vendor directory: its composite action's file). */
  readonly only?: ReadonlySet<string>;
}

/**
 * The files of a composite action (GitHub's metadata syntax: action.yml or action.yaml at
 * the action's root), read even in a build, dist or vendor directory: a repository's
 * `.github/actions/build/` is its own source, not a build's output.
 */
const ACTION_FILES: ReadonlySet<string> = new Set(["action.yml", "action.yaml"]);
/** Of the directories left out, those that may still be a composite action's (.git and node_modules are never read). */
const ACTION_DIRECTORIES: ReadonlySet<string> = new Set(["build", "dist", "vendor"]);

function* walk(root: string, excludes: readonly IgnoreRule[], skip: (s: DiscoverySkip) => void, follow: boolean): Generator<Candidate> {
  const rootName = displayName(root);
  const show = (rel: string) => (rootName === "." ? rel : `${rootName}/${rel}`);
  const rules = gitignoreRules(root, skip, show);
  const rootReal = realpathSync(root);
  /** Whether a real path is the root or under it. */
  const inside = (real: string) => real === rootReal || real.startsWith(rootReal.endsWith(sep) ? rootReal : rootReal + sep);
  const leaves = (name: string) => skip({ name, reason: `a symbolic link out of ${rootName} (--follow follows it)`, link: true });
  const visited = new Set<string>([rootReal]);
  const stack: Pending[] = [{ dir: root, rel: "", ancestors: [rootReal], helm: false }];
  while (stack.length > 0) {
    const { dir, rel, ancestors, helm, only } = stack.pop()!;
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      skip({ name: rel === "" ? rootName : show(rel), reason: `cannot read the directory: ${reason(error)}` });
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const isChart = entries.some((e) => e.name === "Chart.yaml");
    const subdirectories: Pending[] = [];
    for (const entry of entries) {
      if (only !== undefined && !(only.has(entry.name) && entry.isFile())) continue;
      const childRel = rel === "" ? entry.name : `${rel}/${entry.name}`;
      const full = join(dir, entry.name);
      let isDirectory = entry.isDirectory();
      let isFile = entry.isFile();
      let real: string | null = null;
      if (entry.isSymbolicLink()) {
        try {
          const target = statSync(full);
          isDirectory = target.isDirectory();
          isFile = target.isFile();
        } catch (error) {
          // A link to itself (ELOOP) is reported; a dangling one is nothing to read.
          if ((error as { code?: string }).code === "ELOOP") skip({ name: show(childRel), reason: "a symbolic link loop" });
          continue;
        }
        if (!isDirectory && !isFile) continue;
        real = realOrNull(full);
        if (real === null) continue;
        if (!follow && !inside(real)) {
          // Noted only when the walk would have read it.
          const passedOver = isDirectory
            ? SKIPPED_DIRECTORIES.has(entry.name) || isIgnored(rules, childRel, true) || isIgnored(excludes, childRel, true)
            : kindOfName(entry.name) === null || isIgnored(rules, childRel, false) || isIgnored(excludes, childRel, false);
          if (!passedOver) leaves(show(childRel));
          continue;
        }
      }
      if (isDirectory) {
        if (isIgnored(rules, childRel, true) || isIgnored(excludes, childRel, true)) continue;
        const actionOnly = SKIPPED_DIRECTORIES.has(entry.name) ? (ACTION_DIRECTORIES.has(entry.name) ? ACTION_FILES : null) : undefined;
        if (actionOnly === null) continue;
        real ??= join(ancestors[ancestors.length - 1]!, entry.name);
        const loop = ancestors.indexOf(real);
        if (loop !== -1) {
          const target = loop === 0 ? rootName : show(rel.split("/").slice(0, loop).join("/"));
          skip({ name: show(childRel), reason: `a symbolic link loop (leads back to ${target})` });
          continue;
        }
        if (visited.has(real)) continue;
        visited.add(real);
        subdirectories.push({ dir: full, rel: childRel, ancestors: [...ancestors, real], helm: helm || (entry.name === "templates" && isChart), ...(actionOnly === undefined ? {} : { only: actionOnly }) });
      } else if (isFile) {
        const kind = kindOfName(entry.name);
        if (kind === null || isIgnored(rules, childRel, false) || isIgnored(excludes, childRel, false)) continue;
        yield { path: full, name: show(childRel), kind, named: false, helmTemplate: helm };
      }
    }
    for (let i = subdirectories.length - 1; i >= 0; i--) stack.push(subdirectories[i]!);
  }
}

function realOrNull(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

/**
 * The rules of the .gitignore at the top of a scanned directory: none when there is none; a
 * .gitignore that is no regular file (a pipe would block the scan) or is over
 * MAX_GITIGNORE_BYTES is skipped with its reason, its patterns unused.
 */
function gitignoreRules(root: string, skip: (s: DiscoverySkip) => void, show: (rel: string) => string): IgnoreRule[] {
  let bytes: Buffer;
  try {
    bytes = readPath(join(root, ".gitignore"), { maxBytes: MAX_GITIGNORE_BYTES });
  } catch (error) {
    if (!(error instanceof PathRefused)) throw error;
    if (error.kind === "special" || error.kind === "too-large") skip({ name: show(".gitignore"), reason: `${error.kind === "too-large" ? `larger than 1 MB (${error.size} bytes)` : error.reason}: its patterns are not used` });
    // Missing or unreadable: nothing more to leave out.
    return [];
  }
  return parseIgnore(bytes.toString("utf8"));
}
