#!/usr/bin/env node
// `npm run bench`: backoff's own benchmark. Prints one table of ratios and rates:
// - start-up of `--format csv` (10 rows), of the default table, and of the table fitted to a
//   60-column terminal (COLUMNS=60: compact cells, short headers, wrapped summary) against
//   bare `node -e 0` (medians; hyperfine when installed, else interleaved runs timed by Node);
// - 1,000,000 CSV rows into a pipe against scripts/bench-reference-writer.js, the simplest
//   Node program writing the same bytes in 64 KB chunks (checked byte for byte first);
// - peak RSS (GNU time) for 1 M and 10 M CSV rows;
// - the herd simulator's clients × attempts per second, when `backoff simulate` exists.
// Figures on a shared machine are noisy: ratios within one session are what to compare.
// Not a test: nothing fails on speed. Options: --quick (fewer runs), --runs N.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const quick = args.includes("--quick");
const runsArg = args.indexOf("--runs");
const startupRuns = runsArg >= 0 ? Number(args[runsArg + 1]) : quick ? 20 : 60;
const streamRuns = quick ? 3 : 7;
const node = process.execPath;
const bin = join(root, "bin/backoff.js");
const reference = join(root, "scripts/bench-reference-writer.js");
const work = mkdtempSync(join(tmpdir(), "backoff-bench-"));

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const log = (text) => process.stderr.write(`${text}\n`);
const has = (command) => spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;

/** Median seconds per command: hyperfine in three rounds (drift on a busy machine hits all alike), else interleaved spawns. */
function startupMedians(commands) {
  if (has("hyperfine")) {
    const times = commands.map(() => []);
    const rounds = 3;
    for (let round = 0; round < rounds; round++) {
      const file = join(work, `startup-${round}.json`);
      const order = round % 2 === 0 ? commands : [...commands].reverse();
      const result = spawnSync(
        "hyperfine",
        ["-N", "--warmup", "5", "--runs", String(Math.ceil(startupRuns / rounds)), "--export-json", file, "--style", "none", ...order.map((c) => c.join(" "))],
        { stdio: ["ignore", "ignore", "inherit"], cwd: root },
      );
      if (result.status !== 0) throw new Error("hyperfine failed");
      const results = JSON.parse(readFileSync(file, "utf8")).results;
      for (const r of results) times[commands.findIndex((c) => c.join(" ") === r.command)].push(...r.times);
    }
    return { tool: `hyperfine -N, ${times[0].length} runs each`, medians: times.map(median) };
  }
  const times = commands.map(() => []);
  for (let i = 0; i < 5; i++) for (const c of commands) spawnSync(c[0], c.slice(1), { stdio: "ignore", cwd: root });
  for (let run = 0; run < startupRuns; run++) {
    commands.forEach((c, i) => {
      const start = process.hrtime.bigint();
      spawnSync(c[0], c.slice(1), { stdio: "ignore", cwd: root });
      times[i].push(Number(process.hrtime.bigint() - start) / 1e9);
    });
  }
  return { tool: `Node spawnSync, interleaved, ${startupRuns} runs each (hyperfine not installed)`, medians: times.map(median) };
}

/** Runs a command with stdout into a pipe this process drains; resolves seconds and a hash of the bytes. */
function piped(command, hash = false) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(command[0], command.slice(1), { stdio: ["ignore", "pipe", "ignore"], cwd: root });
    const digest = hash ? createHash("sha256") : null;
    let bytes = 0;
    child.stdout.on("data", (chunk) => {
      bytes += chunk.length;
      digest?.update(chunk);
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`${command.join(" ")} exited ${code}`));
      resolve({ seconds: Number(process.hrtime.bigint() - start) / 1e9, bytes, sha: digest?.digest("hex") });
    });
  });
}

/** Peak RSS in MB of a command writing into a pipe, from GNU time. */
async function peakRss(command) {
  if (!existsSync("/usr/bin/time")) return null;
  const file = join(work, "time.txt");
  await piped(["/usr/bin/time", "-v", "-o", file, ...command]);
  const match = /Maximum resident set size \(kbytes\): (\d+)/.exec(readFileSync(file, "utf8"));
  return match ? Number(match[1]) / 1024 : null;
}

const fmt = (n, digits = 2) => n.toFixed(digits);
const rows = [];

log("start-up…");
const startup = startupMedians([
  [node, "-e", "0"],
  [node, bin, "--format", "csv"],
  [node, bin],
  // Through env(1), which adds an exec of its own: the fitted figure is, if anything, high.
  ["env", "COLUMNS=60", node, bin],
]);
const [bare, csv, table, fitted] = startup.medians;
rows.push(["start-up, `backoff --format csv` (10 rows) ÷ `node -e 0`", `${fmt(csv / bare)}× (${fmt(csv * 1000, 1)} ms ÷ ${fmt(bare * 1000, 1)} ms)`, "≤ 1.2×"]);
rows.push(["start-up, `backoff` (table, 10 rows) ÷ `node -e 0`", `${fmt(table / bare)}× (${fmt(table * 1000, 1)} ms)`, "≤ 1.3×"]);
rows.push(["start-up, `COLUMNS=60 backoff` (fitted table) ÷ `node -e 0`", `${fmt(fitted / bare)}× (${fmt(fitted * 1000, 1)} ms)`, "≤ 1.3×"]);

log("streaming 1,000,000 CSV rows…");
const N = 1_000_000;
const backoffCsv = [node, bin, "--attempts", `1..${N}`, "--format", "csv"];
const referenceCsv = [node, reference, String(N)];
const [mine, theirs] = await Promise.all([piped(backoffCsv, true)]).then(async ([a]) => [a, await piped(referenceCsv, true)]);
if (mine.sha !== theirs.sha) throw new Error(`the reference writer's bytes differ from backoff's (${mine.bytes} vs ${theirs.bytes} bytes)`);
const streamTimes = { mine: [], theirs: [] };
for (let run = 0; run < streamRuns; run++) {
  streamTimes.mine.push((await piped(backoffCsv)).seconds);
  streamTimes.theirs.push((await piped(referenceCsv)).seconds);
}
const mineS = median(streamTimes.mine);
const theirsS = median(streamTimes.theirs);
rows.push([
  "1 M CSV rows into a pipe, time ÷ reference writer",
  `${fmt(mineS / theirsS)}× (${fmt(N / mineS / 1e6)} M rows/s; reference ${fmt(N / theirsS / 1e6)} M rows/s; ${fmt(mine.bytes / 1e6, 1)} MB)`,
  "≤ 1.5×",
]);

log("peak memory…");
const rss1 = await peakRss(backoffCsv);
const rss10 = await peakRss([node, bin, "--attempts", `1..${10 * N}`, "--format", "csv"]);
const rssBare = await peakRss([node, "-e", "0"]);
const mb = (v) => (v === null ? "n/a (no /usr/bin/time)" : `${fmt(v, 0)} MB`);
rows.push(["peak RSS, 1 M CSV rows", mb(rss1), "< 150 MB"]);
rows.push(["peak RSS, 10 M CSV rows", mb(rss10), "same as 1 M"]);
rows.push(["peak RSS, `node -e 0` (for scale)", mb(rssBare), ""]);

log("herd simulator…");
const simulateArgs = ["simulate", "--clients", "1000000", "--attempts", "10"];
// Listed under "Commands:" in the help (`simulate --help` alone would exit 0 even without it).
const simulateExists = /^\s+simulate\b/m.test(spawnSync(node, [bin, "--help"], { encoding: "utf8", cwd: root }).stdout ?? "");
if (simulateExists) {
  const times = [];
  for (let run = 0; run < streamRuns; run++) times.push((await piped([node, bin, ...simulateArgs])).seconds);
  rows.push(["herd simulator, clients × attempts per second", `${fmt((1_000_000 * 10) / median(times) / 1e6)} M/s (\`backoff ${simulateArgs.join(" ")}\`)`, ""]);
} else {
  rows.push(["herd simulator, clients × attempts per second", "skipped: no `backoff simulate` subcommand in this build", ""]);
}

rmSync(work, { recursive: true, force: true });
const head = ["measure", "result", "goal"];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
console.log(`node ${process.version}, ${startup.tool}; streaming: median of ${streamRuns} runs each`);
console.log(line(head));
console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
for (const r of rows) console.log(line(r));
