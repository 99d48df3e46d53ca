// Makes the GitHub Action's release tree: what a tag such as v0.1.0 holds, so that
// `uses: OWNER/backoff@v0.1.0` runs with nothing installed or built on the runner (no npm ci
// of the dev dependencies, no node_modules). The usual way for a JavaScript action
// (docs.github.com, "Creating a JavaScript action": commit the built files to the tag).
//
//   node scripts/action-release.mjs DIR              builds the command's bundles
//                                                    (BACKOFF_BUILD_CLI_ONLY=1 node scripts/build.js),
//                                                    then writes the tree to DIR (new or empty)
//   node scripts/action-release.mjs DIR --no-build   the same from the dist/ already built
//   node scripts/action-release.mjs DIR --tag v0.1.0 then commits the tree, HEAD its parent,
//                                                    and tags it (git push origin v0.1.0 publishes it)
//
// The tree: action.yml, the action's scripts, bin/ and the command's bundles (dist/*.cjs and
// their code caches), LICENSE, README.md and a package.json naming the version.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const [out, ...options] = process.argv.slice(2);
if (out === undefined || out.startsWith("-")) {
  process.stderr.write("usage: node scripts/action-release.mjs DIR [--no-build] [--tag vX.Y.Z]\n");
  process.exit(2);
}
const target = resolve(out);
if (existsSync(target) && readdirSync(target).length > 0) {
  process.stderr.write(`action-release: ${out} is not empty\n`);
  process.exit(2);
}
const tagAt = options.indexOf("--tag");
const tag = tagAt === -1 ? null : options[tagAt + 1];
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
if (tagAt !== -1 && tag !== `v${pkg.version}`) {
  process.stderr.write(`action-release: --tag takes the release tag of package.json's version, v${pkg.version}\n`);
  process.exit(2);
}

if (!options.includes("--no-build")) execFileSync(process.execPath, ["scripts/build.js"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, BACKOFF_BUILD_CLI_ONLY: "1" } });

const bundles = readdirSync(join(ROOT, "dist")).filter((name) => name.endsWith(".cjs") || name.endsWith(".cjs.cache"));
if (!bundles.includes("cli.cjs")) {
  process.stderr.write("action-release: dist/cli.cjs is not built (leave out --no-build)\n");
  process.exit(2);
}
const files = [
  "action.yml",
  "LICENSE",
  "README.md",
  "scripts/action.mjs",
  "scripts/action-words.mjs",
  "scripts/action-summary.mjs",
  ...readdirSync(join(ROOT, "bin")).map((name) => `bin/${name}`),
  ...bundles.map((name) => `dist/${name}`),
];
for (const file of files) {
  mkdirSync(dirname(join(target, file)), { recursive: true });
  copyFileSync(join(ROOT, file), join(target, file));
}
// The version and the module type of the scripts; no dependencies: the bundles hold them.
writeFileSync(join(target, "package.json"), `${JSON.stringify({ name: pkg.name, version: pkg.version, description: pkg.description, license: pkg.license, type: pkg.type, private: true }, null, 2)}\n`);
process.stdout.write(`action-release: wrote ${files.length + 1} files to ${out}\n`);

if (typeof tag === "string") {
  // The tree committed without touching the working tree or the index: a scratch index, HEAD as parent.
  const index = join(tmpdir(), `backoff-action-release-index-${process.pid}`);
  const gitDir = execFileSync("git", ["rev-parse", "--absolute-git-dir"], { cwd: ROOT, encoding: "utf8" }).trim();
  /** @param {string[]} args */
  const git = (args) => execFileSync("git", args, { cwd: target, encoding: "utf8", env: { ...process.env, GIT_DIR: gitDir, GIT_WORK_TREE: target, GIT_INDEX_FILE: index } }).trim();
  try {
    git(["add", "--all", "--force", "."]);
    const tree = git(["write-tree"]);
    const commit = git(["commit-tree", tree, "-p", "HEAD", "-m", `Release ${tag}: the GitHub Action with its built bundle (scripts/action-release.mjs)`]);
    git(["tag", tag, commit]);
    process.stdout.write(`action-release: tagged ${tag} (${commit.slice(0, 12)}); git push origin ${tag} publishes it\n`);
  } finally {
    rmSync(index, { force: true });
  }
}
