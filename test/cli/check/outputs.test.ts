import { chmodSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { outputTargets, writeWhole } from "../../../src/cli/check/outputs.js";
import { runCli } from "../../support/cli.js";
import { useTempCwd } from "../../support/files.js";
import { validateSarif } from "../../support/sarif.js";

// src/cli/check/outputs.ts: check --output FORMAT=FILE, each report written whole (or not at
// all) beside the text the terminal gets, in a working directory of the test's own.
const { write, dir } = useTempCwd("check-outputs");

// Exponential 1 s doubling, 8 retries, no cap: 1 + 2 + … + 128 = 255 s = 4 min 15 s, over
// 1 min from attempt 6 (1 + 2 + 4 + 8 + 16 + 32 = 63 s); a no-cap warning (attempt 8 waits 2 min 8 s).
const BROKEN = '{"base": "1s", "attempts": 8}\n';
// 1 + 2 + 4 + 8 + 16 = 31 s with a 30 s cap: within 1 min, no warning.
const FINE = '{"base": "1s", "cap": "30s", "attempts": 5}\n';

const files = () => readdirSync(dir()).sort();

describe("outputTargets: reading --output FORMAT=FILE", () => {
  const formats = ["table", "json", "sarif", "junit", "gitlab"] as const;

  it("a format (or its alias) and a file, in the order given", () => {
    expect(outputTargets(["sarif=out/backoff.sarif", "text=report.txt", "junit=a=b.xml"], formats)).toEqual([
      { format: "sarif", file: "out/backoff.sarif" },
      { format: "table", file: "report.txt" },
      { format: "junit", file: "a=b.xml" },
    ]);
  });

  it("refuses what is not FORMAT=FILE, an unknown format (with the nearest), standard output and a file named twice", () => {
    expect(() => outputTargets(["backoff.sarif"], formats)).toThrow('--output takes FORMAT=FILE (sarif=backoff.sarif), got "backoff.sarif"');
    expect(() => outputTargets(["sarif="], formats)).toThrow('--output takes FORMAT=FILE (sarif=backoff.sarif), got "sarif="');
    expect(() => outputTargets(["sarf=x"], formats)).toThrow('--output\'s format must be one of table, json, sarif, junit, gitlab, got "sarf"; did you mean sarif?');
    expect(() => outputTargets(["github=x"], formats)).toThrow('--output\'s format must be one of table, json, sarif, junit, gitlab, got "github"');
    expect(() => outputTargets(["json=-"], formats)).toThrow('--output writes files; standard output gets --format (--format json), got "json=-"');
    expect(() => outputTargets(["json=r", "sarif=r"], formats)).toThrow('--output names "r" twice (json and sarif): one file per format');
  });
});

describe("writeWhole", () => {
  it("writes each file and leaves nothing else beside it", async () => {
    mkdirSync(join(dir(), "out"));
    await writeWhole([
      { file: "out/a.txt", text: Buffer.from("a\n") },
      { file: "b.txt", text: Buffer.from("é\n") },
    ]);
    expect(files()).toEqual(["b.txt", "out"]);
    expect(readdirSync(join(dir(), "out"))).toEqual(["a.txt"]);
    expect(readFileSync("b.txt", "utf8")).toBe("é\n");
  });

  it("a file it cannot write leaves none of them, an old one as it was", async () => {
    writeFileSync("a.txt", "old\n");
    await expect(writeWhole([{ file: "a.txt", text: Buffer.from("new\n") }, { file: "missing/b.txt", text: Buffer.from("b\n") }])).rejects.toThrow('--output cannot write "missing/b.txt": its directory does not exist');
    expect(files()).toEqual(["a.txt"]);
    expect(readFileSync("a.txt", "utf8")).toBe("old\n");
    mkdirSync("folder");
    await expect(writeWhole([{ file: "folder", text: Buffer.from("x") }])).rejects.toThrow('--output cannot write "folder": it is not a file');
  });
});

describe("check --output", () => {
  it("one run: the text on the terminal, each format whole in its file, as --format writes it (exit 1)", async () => {
    write("retry.json", BROKEN);
    mkdirSync("reports");
    const run = await runCli(["check", "retry.json", "--max-total", "1m", "--output", "sarif=reports/backoff.sarif", "--output", "junit=junit.xml", "--output", "json=check.json", "--output", "text=check.txt"]);
    expect(run.code).toBe(1);
    const text = await runCli(["check", "retry.json", "--max-total", "1m"]);
    expect(run.stdout).toBe(text.stdout);
    expect(run.stderr).toBe(text.stderr);
    // Each file holds what --format writes to standard output for the same check.
    for (const [format, file] of [["sarif", "reports/backoff.sarif"], ["junit", "junit.xml"], ["json", "check.json"], ["table", "check.txt"]] as const) {
      expect(readFileSync(file, "utf8"), format).toBe((await runCli(["check", "retry.json", "--max-total", "1m", "--format", format])).stdout);
    }
    expect(validateSarif(JSON.parse(readFileSync("reports/backoff.sarif", "utf8")))).toEqual([]);
    expect(JSON.parse(readFileSync("check.json", "utf8")).exit_code).toBe(1);
    expect(files()).toEqual(["check.json", "check.txt", "junit.xml", "reports", "retry.json"]);
    expect(readdirSync("reports")).toEqual(["backoff.sarif"]);
  });

  it("every limit holding (exit 0): the files are written too; annotations go to the terminal only", async () => {
    write("retry.json", FINE);
    const run = await runCli(["check", "retry.json", "--max-total", "1m", "--output", "gitlab=gl.json"], { env: { GITHUB_ACTIONS: "true" } });
    expect(run.code).toBe(0);
    expect(readFileSync("gl.json", "utf8")).toBe("[]\n");
  });

  it("bad input (exit 2) writes none, and leaves an old report as it was", async () => {
    write("retry.json", BROKEN);
    writeFileSync("backoff.sarif", "old\n");
    for (const argv of [
      ["check", "retry.json", "--max-total", "banana", "--output", "sarif=backoff.sarif", "--output", "json=new.json"],
      ["check", "retry.json", "--output", "sarif=backoff.sarif", "--output", "json=missing/new.json"],
      ["check", "missing.json", "--output", "sarif=backoff.sarif"],
      ["check", "retry.json", "--output", "sarif"],
    ]) {
      const run = await runCli(argv);
      expect(run.code, argv.join(" ")).toBe(2);
      expect(run.stdout, argv.join(" ")).toBe("");
      expect(files(), argv.join(" ")).toEqual(["backoff.sarif", "retry.json"]);
      expect(readFileSync("backoff.sarif", "utf8")).toBe("old\n");
    }
    expect((await runCli(["check", "retry.json", "--output", "json=missing/new.json"])).stderr).toBe('error: --output cannot write "missing/new.json": its directory does not exist\n');
  });

  it("never writes over a file it reads, nor one file twice: exit 2, every file as it was", async () => {
    write("retry.json", BROKEN);
    write("deploy/job.json", FINE);
    write("known.json", '{"version": 1, "tool": "backoff check", "findings": []}\n');
    const before = () => Object.fromEntries(["retry.json", "deploy/job.json", "known.json"].map((file) => [file, readFileSync(file, "utf8")]));
    const kept = before();
    const refused: [string[], string][] = [
      // a policy the scan found (deploy/job.json, found under "."), a PATH, the config, the baseline
      [["check", ".", "--output", "json=deploy/job.json"], '--output json=deploy/job.json would overwrite "deploy/job.json", which check reads (a policy found): name another file'],
      [["check", ".", "--write-baseline", "./retry.json"], '--write-baseline would overwrite "./retry.json", which check reads (a policy found): name another file'],
      [["check", "retry.json", "--output", "sarif=./retry.json"], '--output sarif=./retry.json would overwrite "./retry.json", which check reads (PATH): name another file'],
      [["check", "--config", "retry.json", "--output", "json=retry.json"], '--output json=retry.json would overwrite "retry.json", which check reads (--config): name another file'],
      [["check", "retry.json", "--baseline", "known.json", "--output", "json=known.json"], '--output json=known.json would overwrite "known.json", which check reads (--baseline): name another file'],
      // one file twice, however it is spelt
      [["check", "retry.json", "--output", "json=r.json", "--output", "junit=./r.json"], '--output json=r.json and --output junit=./r.json both write "./r.json": one file each'],
      [["check", "retry.json", "--output", "json=b.json", "--write-baseline", "b.json"], '--output json=b.json and --write-baseline both write "b.json": one file each'],
    ];
    for (const [argv, message] of refused) {
      expect(await runCli(argv), argv.join(" ")).toEqual({ code: 2, stdout: "", stderr: `error: ${message}\n` });
      expect(before(), argv.join(" ")).toEqual(kept);
      expect(files(), argv.join(" ")).toEqual(["deploy", "known.json", "retry.json"]);
    }
    // A baseline refreshed in place is the one file both read and written: allowed (2 findings: max-total and no-cap).
    const refreshed = await runCli(["check", "retry.json", "--max-total", "1m", "--baseline", "known.json", "--write-baseline", "known.json"]);
    expect([refreshed.code, refreshed.stderr]).toEqual([0, "baseline written: known.json records 2 findings\n"]);
  });

  it("check --config: SARIF at the config file's lines; flags alone have no lines to point at", async () => {
    write("retry.json", BROKEN);
    expect((await runCli(["check", "--config", "retry.json", "--max-total", "1m", "--output", "sarif=c.sarif"])).code).toBe(1);
    expect(validateSarif(JSON.parse(readFileSync("c.sarif", "utf8")))).toEqual([]);
    expect(await runCli(["check", "--base", "1s", "--output", "sarif=f.sarif"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "error: --output sarif=f.sarif points at lines of files: give the policies as a PATH (backoff check retry.json) or with --config FILE\n",
    });
    expect(files()).toEqual(["c.sarif", "retry.json"]);
  });

  it("check --config with a chain: its report in each file, the text on the terminal", async () => {
    // The AWS SDK's 3 tries (2 retries) under Istio's 3 (2 retries): 3 × 3 = 9 calls reach the backend, over 5.
    write("chain.json", '{"chain": ["aws-sdk", "istio"], "assert": {"max-amplification": 5}}\n');
    const run = await runCli(["check", "--config", "chain.json", "--output", "sarif=chain.sarif"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe((await runCli(["check", "--config", "chain.json"])).stdout);
    const sarif = JSON.parse(readFileSync("chain.sarif", "utf8")) as { runs: [{ results: { ruleId: string }[] }] };
    expect(validateSarif(sarif)).toEqual([]);
    expect(sarif.runs[0].results.map((r) => r.ruleId)).toEqual(["max-amplification", "stacked-retries"]);
  });

  it("a file that cannot be written: exit 2, nothing on standard output", async () => {
    write("retry.json", FINE);
    mkdirSync("locked");
    chmodSync("locked", 0o500);
    try {
      const run = await runCli(["check", "retry.json", "--output", "json=locked/r.json"]);
      // Root writes anywhere: then the file is written.
      if (readdirSync("locked").length === 0) expect(run).toEqual({ code: 2, stdout: "", stderr: 'error: --output cannot write "locked/r.json": permission denied\n' });
    } finally {
      chmodSync("locked", 0o700);
    }
  });
});
