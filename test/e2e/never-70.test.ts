import { openSync, closeSync} from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";
import { tempDir } from "../support/files.js";

// Issue 16, items 10 and 11: what used to end in "internal error" and exit 70.
const root = fileURLToPath(new URL("../..", import.meta.url));
const env = { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined };

/** Runs the built binary with `stdin` as its file descriptor 0. */
function withStdin(args: string[], stdin: number | "ignore") {
  const result = spawnSync(process.execPath, ["bin/backoff.js", ...args], { cwd: root, encoding: "utf8", env, stdio: [stdin, "pipe", "pipe"] });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("simulate --chart with too many windows (item 10)", () => {
  it("is refused before any output, naming the --window that fits", { timeout: 30_000 }, async () => {
    const { code, stdout, stderr } = await runCli(["simulate", "--chart", "--window", "1ms", "--cap", "1m", "--attempts", "200", "--clients", "10"]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    // Without jitter every client waits 1 + 2 + … + 32 s then 60 s: 63 s + 194 × 60 s = 11,703 s, the last retry at 11,703,000 ms,
    // so 1 ms windows number 11,703,001; 2 ms windows number 5,851,501, within 10,000,000.
    expect(stderr).toBe(
      "error: --chart would count the retries in 11,703,001 windows of --window 1 ms (the last retry lands at 3 h 15 min), more than the 10,000,000 it draws from; use --window 2ms or more\n",
    );
    const fits = await runCli(["simulate", "--chart", "--window", "2ms", "--cap", "1m", "--attempts", "200", "--clients", "10"]);
    expect(fits.code).toBe(0);
  });
});

describe("--config - with a standard input that cannot be read (item 11)", () => {
  it("stdin open for writing only (0>file): exit 2, one line", () => {
    const dir = tempDir("stdin");
    const fd = openSync(join(dir, "x"), "w");
    try {
      expect(withStdin(["--config", "-"], fd)).toEqual({ code: 2, stdout: "", stderr: "error: --config - cannot read standard input: it is not open for reading (EBADF)\n" });
    } finally {
      closeSync(fd);
    }
  });

  it("a directory on stdin says it is a directory, not that it is empty", () => {
    const fd = openSync(tmpdir(), "r");
    try {
      expect(withStdin(["check", "--config", "-"], fd)).toEqual({
        code: 2,
        stdout: "",
        stderr: "error: --config - reads standard input, which is a directory; redirect a JSON or YAML file into it (backoff check --config - < retry.json)\n",
      });
    } finally {
      closeSync(fd);
    }
  });
});
