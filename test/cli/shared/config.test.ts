import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_CONFIG_BYTES, readConfigText } from "../../../src/cli/shared/config.js";
import { runCli } from "../../support/cli.js";
import { tempFiles } from "../../support/files.js";
import { memoryIo, memoryStdin } from "../../support/io.js";

const io = (stdin?: ReturnType<typeof memoryStdin>) => memoryIo(stdin ? { stdin } : {});

describe("readConfigText", () => {
  it("reads a file, and refuses a directory, a missing file and an oversized one", async () => {
    const dir = tempFiles({ "a.json": '{"base": "1s"}', "big.json": " ".repeat(MAX_CONFIG_BYTES + 1) });
    expect(await readConfigText(join(dir, "a.json"), io())).toEqual({ text: '{"base": "1s"}', name: join(dir, "a.json") });
    await expect(readConfigText(dir, io())).rejects.toThrow(`--config ${JSON.stringify(dir)} is a directory; give a JSON or YAML file`);
    await expect(readConfigText(join(dir, "no.json"), io())).rejects.toThrow(`--config cannot read ${JSON.stringify(join(dir, "no.json"))}: no such file or directory`);
    await expect(readConfigText(join(dir, "big.json"), io())).rejects.toThrow(`is ${MAX_CONFIG_BYTES + 1} bytes; a configuration file may be at most ${MAX_CONFIG_BYTES} bytes`);
  });

  it("reads all of standard input for -, across chunks (a character split between chunks included)", async () => {
    const bytes = Buffer.from('{"base": "1s", "note": "é"}', "utf8");
    const split = bytes.indexOf(0xc3) + 1; // between the two bytes of "é"
    const text = await readConfigText("-", io(memoryStdin([bytes.subarray(0, split), bytes.subarray(split)])));
    expect(text).toEqual({ text: '{"base": "1s", "note": "é"}', name: "<stdin>" });
  });

  it("refuses to wait on a terminal, and says so when there is no standard input", async () => {
    await expect(readConfigText("-", io(memoryStdin([], true)))).rejects.toThrow("--config - reads standard input, which is a terminal");
    await expect(readConfigText("-", io())).rejects.toThrow("--config - reads standard input, but there is none");
  });

  it("ends with exit code 2 and one line on stderr through the CLI", async () => {
    const dir = tempFiles({});
    const result = await runCli(["check", "--config", dir]);
    expect(result).toEqual({ code: 2, stdout: "", stderr: `error: --config ${JSON.stringify(dir)} is a directory; give a JSON or YAML file\n` });
    const tty = await runCli(["check", "--config", "-"], { stdin: memoryStdin([], true) });
    expect(tty.code).toBe(2);
    expect(tty.stdout).toBe("");
    expect(tty.stderr.split("\n")).toHaveLength(2);
  });
});

describe("--config reads YAML too (issue 28)", () => {
  it("a .yaml file: the same policy and limits as its JSON twin", async () => {
    const dir = tempFiles({
      "retry.yaml": "base: 1s\ncap: 30s\nattempts: 5\nassert:\n  max-total: 20s\n",
      "retry.json": '{"base": "1s", "cap": "30s", "attempts": 5, "assert": {"max-total": "20s"}}\n',
    });
    // 1 + 2 + 4 + 8 + 16 = 31 s over 20 s, first at attempt 5 (1 + 2 + 4 + 8 = 15 s before it).
    const fromYaml = await runCli(["check", "--config", join(dir, "retry.yaml")]);
    expect(fromYaml).toEqual({ code: 1, stdout: "✗ max-total 20 s: worst case 31 s (first over the limit at attempt 5)\n✗ 1 of 1 limit broken\n", stderr: "" });
    expect(await runCli(["check", "--config", join(dir, "retry.json")])).toEqual(fromYaml);
    expect((await runCli(["--config", join(dir, "retry.yaml"), "--format", "csv"])).stdout.split("\n").slice(1, 3)).toEqual(["1,1000,1000,1000,1000,1000", "2,2000,2000,3000,2000,3000"]);
  });

  it("YAML errors, unknown keys and a second document at file:line:col, exit 2", async () => {
    const dir = tempFiles({ "bad.yaml": "base: 1s\nattempts: [\n", "typo.yml": "base: 1s\natempts: 3\n", "two.yaml": "base: 1s\n---\nbase: 2s\n", "empty.yaml": "# nothing\n" });
    const at = (name: string) => join(dir, name);
    expect(await runCli(["--config", at("bad.yaml")])).toEqual({ code: 2, stdout: "", stderr: `error: ${at("bad.yaml")}:3:1: YAML: Flow sequence in block collection must be sufficiently indented and end with a ]\n` });
    expect(await runCli(["--config", at("typo.yml")])).toEqual({ code: 2, stdout: "", stderr: `error: ${at("typo.yml")}:2:1: unknown key "atempts" in the top level; did you mean "attempts"?\n` });
    expect(await runCli(["--config", at("two.yaml")])).toEqual({ code: 2, stdout: "", stderr: `error: ${at("two.yaml")}:2:1: a config file holds one YAML document; this is a second one\n` });
    expect(await runCli(["--config", at("empty.yaml")])).toEqual({ code: 2, stdout: "", stderr: `error: ${at("empty.yaml")} is empty; expected a YAML mapping such as "base: 1s" and "attempts: 5" on two lines\n` });
  });

  it("standard input: JSON when it starts with { or [, YAML otherwise", async () => {
    expect((await runCli(["--config", "-", "--format", "csv"], { stdin: memoryStdin(["base: 2s\nattempts: 2\n"]) })).stdout).toBe(
      "attempt,raw_ms,delay_ms,cumulative_ms,linear_ms,linear_cumulative_ms\n1,2000,2000,2000,2000,2000\n2,4000,4000,6000,4000,6000\n",
    );
    expect(await runCli(["--config", "-"], { stdin: memoryStdin(['{"base": 1']) })).toEqual({ code: 2, stdout: "", stderr: "error: <stdin>:1:11: expected ',' or '}' after a property value, got the end of the input\n" });
  });
});
