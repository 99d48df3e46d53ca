import { statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { hasChainSection } from "../../config/chain-config.js";
import { REPO_CONFIG_NAMES, type RepoConfig, readRepoConfig } from "../../config/repo-config.js";
import { readChainConfig } from "../shared/chain-config.js";
import { configTree } from "../../config/schema.js";
import { STDIN_NAME, readConfigText } from "../shared/config.js";
import type { Io } from "../shared/io.js";
import { displayName } from "./discover.js";
import { repositoryRoot } from "./repository.js";
import { printableLine } from "../../format/printable.js";

/**
 * The repository config of `check PATH…` (config/repo-config.ts reads it): the file
 * `--config FILE` names, else `.backoff.yaml`, `.backoff.yml` or `.backoff.json` at the
 * repository's root, the nearest folder from the working directory up that holds `.git`
 * (a directory, or a file in a worktree or submodule), else the working directory itself.
 * `--no-config` reads none (repository.ts finds the root, as SARIF's %SRCROOT%). The globs of its `overrides` are matched against paths from the
 * config's folder, as ESLint matches its overrides' `files`.
 */
export interface FoundConfig {
  readonly config: RepoConfig;
  /** The folder the overrides' globs are relative to (absolute). */
  readonly dir: string;
}

/** The config file at the repository's root, the first of REPO_CONFIG_NAMES found; null for none. */
export function findRepoConfig(cwd: string = resolve(".")): string | null {
  return repoConfigFiles(cwd)[0] ?? null;
}

/** Every one of REPO_CONFIG_NAMES at the repository's root, in that order (the first is read). */
function repoConfigFiles(cwd: string): string[] {
  const root = repositoryRoot(cwd);
  return REPO_CONFIG_NAMES.map((name) => join(root, name)).filter((path) => {
    try {
      return statSync(path).isFile();
    } catch {
      return false;
    }
  });
}

/** The config `check PATH…` reads: `--config FILE`, none with `--no-config` (config false), else the repository's. */
export async function loadRepoConfig(config: string | false | undefined, io: Io): Promise<FoundConfig | null> {
  if (config === false) return null;
  const found = config === undefined ? repoConfigFiles(resolve(".")) : [config];
  // Two of them at the root: one is read, and an edit to the other would change nothing, unseen.
  if (found.length > 1) {
    const [read, ...others] = found.map((file) => displayName(file));
    io.stderr.write(`${printableLine(`warning: ${others.join(" and ")} ${others.length === 1 ? "is" : "are"} not read: ${read} is the repository config (the first of ${REPO_CONFIG_NAMES.join(", ")}); keep one`)}\n`);
  }
  const path = found[0] ?? null;
  if (path === null) return null;
  const { text, name } = await readConfigText(config === undefined ? displayName(path) : path, io);
  const shownName = name === STDIN_NAME ? name : displayName(name);
  const { root, body } = configTree(text, shownName);
  const repo = readRepoConfig(root, body, shownName);
  // A `chain` beside the settings is read as `check --config FILE` alone reads it, so that a
  // key it does not take is refused here too (issue 37, item 1), not passed over unread.
  if (hasChainSection(root)) await readChainConfig(root, body, shownName);
  return { config: repo, dir: name === STDIN_NAME ? resolve(".") : dirname(resolve(path)) };
}
