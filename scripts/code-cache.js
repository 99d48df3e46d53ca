// Makes the V8 code caches that bin/code-cache.js loads: runs the CLI in this process
// through the same loader, on the commands whose start-up counts, then saves what V8
// compiled. Run by scripts/build.js right after the bundles are written; a cache is
// valid only for this Node's V8 (another rejects it and compiles as usual).
//   node scripts/code-cache.js table   → dist/cli.cjs.cache, dist/table.cjs.cache
//   node scripts/code-cache.js commands → dist/commands.cjs.cache
//   node scripts/code-cache.js simulate → dist/simulate.cjs.cache
// Two processes, so that the start-up bundle's cache holds what the schedule runs and
// not every subcommand's code (a larger cache takes longer to read).
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { installCodeCache } = require("../bin/code-cache.js");
const cache = installCodeCache("dist", true);
/** @type {{ run: (argv: readonly string[], io: import("../src/cli/shared/io.js").Io) => Promise<number> }} */
const { run } = require(["..", "dist", "cli.cjs"].join("/")); // built just now; spelled so that tsc does not look for its types

const sink = { write: () => true, once: () => undefined, isTTY: false };
const io = /** @type {import("../src/cli/shared/io.js").Io} */ (/** @type {unknown} */ ({ stdout: sink, stderr: sink, env: {} }));
/** @type {Record<string, string[][]>} */
const runs = {
  table: [[], ["--format", "csv"], ["--cap", "30s", "--jitter", "full"]],
  commands: [["check", "--base", "1s", "--max-total", "1m"], ["presets"], ["solve", "--attempts", "5", "--total", "1h", "--base", "1s"]],
  simulate: [
    ["simulate", "--clients", "10", "--attempts", "2"],
    ["simulate", "--model", "occ", "--compare-jitter", "--clients", "10", "--runs", "2", "--format", "json"],
    ["simulate", "--model", "capacity", "--duration", "2s", "--format", "csv"],
  ],
};
const which = process.argv[2] ?? "";
for (const argv of runs[which] ?? []) await run(argv, io);
cache.writeCaches(which === "table" ? ["cli.cjs", "table.cjs"] : [`${which}.cjs`]);
