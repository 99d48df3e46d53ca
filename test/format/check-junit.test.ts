import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";
import { useTempCwd } from "../support/files.js";

// check --format junit, end to end through run(argv, io). The policy: exponential from 1 s,
// 8 retries, no cap: delays 1, 2, 4, …, 128 s; 255 s in all. --max-total 1m is first broken
// at attempt 6 (1 + 2 + 4 + 8 + 16 + 32 = 63 s); --max-delay 2m at attempt 8 (128 s); no-cap warns.
const { write } = useTempCwd("junit");
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", isArray: (name) => ["testsuite", "testcase"].includes(name) });

interface Case {
  classname: string;
  name: string;
  file: string;
  line: string;
  failure?: { type: string; message: string; "#text": string };
  skipped?: { message: string };
  "system-out"?: string;
}

async function junit(args: string[]) {
  const result = await runCli(["check", ...args, "--format", "junit"]);
  expect(XMLValidator.validate(result.stdout)).toBe(true);
  const doc = parser.parse(result.stdout) as { testsuites: { tests: string; failures: string; errors: string; skipped: string; testsuite: Array<{ name: string; tests: string; failures: string; testcase: Case[] }> } };
  return { code: result.code, stderr: result.stderr, doc: doc.testsuites };
}

describe("check --format junit", () => {
  it("a testcase per limit and per warning, failures for the broken limits, the warning passing with its text", async () => {
    write("retry.json", '{"base": "1s", "attempts": 8}\n');
    const { code, doc, stderr } = await junit(["retry.json", "--max-total", "1m", "--max-delay", "2m"]);
    expect([code, stderr]).toEqual([1, ""]);
    expect([doc.tests, doc.failures, doc.errors, doc.skipped]).toEqual(["3", "2", "0", "0"]);
    expect(doc.testsuite.map((s) => [s.name, s.tests, s.failures])).toEqual([["retry.json", "3", "2"]]);
    const cases = doc.testsuite[0]!.testcase;
    expect(cases.map((c) => [c.classname, c.name, c.file, c.line])).toEqual([
      ["retry.json", "retry.json (backoff config): max-total 1 min", "retry.json", "1"],
      ["retry.json", "retry.json (backoff config): max-delay 2 min", "retry.json", "1"],
      ["retry.json", "retry.json (backoff config): no-cap", "retry.json", "1"],
    ]);
    expect(cases[0]!.failure).toEqual({ type: "max-total", message: "max-total broken: worst case 4 min 15 s (first over the limit at attempt 6)", "#text": "max-total broken: worst case 4 min 15 s (first over the limit at attempt 6)" });
    expect(cases[1]!.failure?.message).toBe("max-delay broken: worst delay 2 min 8 s (first over the limit at attempt 8)");
    expect(cases[2]!.failure).toBeUndefined();
    expect(cases[2]!["system-out"]).toBe("warning: no-cap: exponential backoff without a cap: attempt 8 waits 2 min 8 s and the delays grow without limit; set a cap");
  });

  it("--strict makes the warning a failure; --config gives the same report; markup in names is escaped", async () => {
    write("retry.json", '{"policies": {"a<b>&\\"c\\"": {"base": "1s", "attempts": 8}}}\n');
    const strict = await junit(["retry.json", "--max-total", "1m", "--strict"]);
    expect([strict.code, strict.doc.tests, strict.doc.failures]).toEqual([1, "2", "2"]);
    expect(strict.doc.testsuite[0]!.testcase.map((c) => [c.name, c.line, c.failure?.type])).toEqual([
      ['a<b>&"c" (backoff config): max-total 1 min', "1", "max-total"],
      ['a<b>&"c" (backoff config): no-cap', "1", "no-cap"],
    ]);
    expect((await junit(["--config", "retry.json", "--max-total", "1m", "--strict"])).doc).toEqual(strict.doc);
  });

  it("flags alone have no file to point at: one line, exit 2", async () => {
    expect(await runCli(["check", "--base", "1s", "--format", "junit"])).toEqual({ code: 2, stdout: "", stderr: "error: --format junit points at lines of files: give the policies as a PATH (backoff check retry.json) or with --config FILE\n" });
  });
});
