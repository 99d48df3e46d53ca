import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { type Server, createServer } from "node:net";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_FILE_BYTES, PathRefused, readPath } from "../../../src/cli/shared/read-path.js";
import { runCli } from "../../support/cli.js";
import { tempDir } from "../../support/files.js";

// src/cli/shared/read-path.ts: every path backoff reads (check PATH, --config, a chain layer's
// FILE#NAME, a scanned directory's .gitignore) is a regular file, or refused at once (issue 38,
// item 7: `chain --config` blocked forever on a FIFO). Each test would hang, not fail, if the
// refusal came after opening a FIFO for reading without O_NONBLOCK: vitest's timeout ends it.

const unix = process.platform !== "win32";
const dir = tempDir("read-path");
const fifo = join(dir, "pipe.json");
const sock = join(dir, "sock.json");
let server: Server | null = null;

if (unix) {
  execFileSync("mkfifo", [fifo]);
  server = createServer().listen(sock);
  await new Promise<void>((resolve) => server!.once("listening", () => resolve()));
}
afterAll(() => {
  server?.close();
});

/** Why readPath refuses a path, as "kind: reason". */
function refusal(path: string, maxBytes = MAX_FILE_BYTES): string {
  try {
    readPath(path, { maxBytes });
  } catch (error) {
    if (error instanceof PathRefused) return `${error.kind}: ${error.reason}`;
    throw error;
  }
  return "read";
}

describe.runIf(unix)("readPath: a regular file or nothing", () => {
  it("reads a regular file; refuses a directory, a missing path, a file over the limit", () => {
    writeFileSync(join(dir, "ok.json"), "{}\n");
    expect(readPath(join(dir, "ok.json"), { maxBytes: 3 }).toString()).toBe("{}\n");
    expect(refusal(join(dir, "ok.json"), 2)).toBe("too-large: it is 3 bytes");
    mkdirSync(join(dir, "folder"));
    expect(refusal(join(dir, "folder"))).toBe("directory: it is a directory");
    expect(refusal(join(dir, "gone.json"))).toBe("missing: no such file or directory");
    expect(refusal(join(dir, "ok.json", "below"))).toBe("missing: no such file or directory");
  });

  it("refuses a named pipe, a character device and a socket before reading (a pipe would block)", () => {
    expect(refusal(fifo)).toBe("special: it is a named pipe (FIFO), not a regular file");
    expect(refusal("/dev/null")).toBe("special: it is a character device, not a regular file");
    expect(refusal(sock)).toBe("special: it is a socket, not a regular file");
    // Also when the walk said it saw a regular file: what is opened is looked at again.
    expect(() => readPath(fifo, { maxBytes: 10, seenRegular: true })).toThrow(new PathRefused("it is a named pipe (FIFO), not a regular file", "special"));
  });
});

describe.runIf(unix)("every reader of a path refuses a FIFO at once, in one line (exit 2)", () => {
  it("check PATH, check --config, chain --config's FILE#NAME layer", async () => {
    expect(await runCli(["check", fifo])).toEqual({ code: 2, stdout: "", stderr: `error: cannot read ${JSON.stringify(fifo)}: it is a named pipe (FIFO), not a regular file\n` });
    expect(await runCli(["check", "/dev/zero"])).toEqual({ code: 2, stdout: "", stderr: 'error: cannot read "/dev/zero": it is a character device, not a regular file\n' });
    expect(await runCli(["check", "--config", fifo])).toEqual({ code: 2, stdout: "", stderr: `error: --config cannot read ${JSON.stringify(fifo)}: it is a named pipe (FIFO), not a regular file\n` });
    const chain = join(dir, "chain.json");
    writeFileSync(chain, '{"chain": [{"policy": "pipe.json#x"}]}\n');
    expect(await runCli(["chain", "--config", chain])).toEqual({ code: 2, stdout: "", stderr: `error: ${chain}:1:23: chain[0].policy: cannot read ${fifo}: it is a named pipe (FIFO), not a regular file\n` });
    expect(await runCli(["check", "--config", chain])).toEqual({ code: 2, stdout: "", stderr: `error: ${chain}:1:23: chain[0].policy: cannot read ${fifo}: it is a named pipe (FIFO), not a regular file\n` });
  });

  it("check DIR: a FIFO in the tree is passed over, a FIFO .gitignore is skipped with its reason; the other files are read", async () => {
    const tree = join(dir, "tree");
    mkdirSync(tree);
    writeFileSync(join(tree, "retry.json"), '{"base": "1s", "cap": "30s", "attempts": 2}\n');
    execFileSync("mkfifo", [join(tree, "pipe.yaml")]);
    execFileSync("mkfifo", [join(tree, ".gitignore")]);
    const result = await runCli(["check", tree, "--format", "json"]);
    expect(result.code).toBe(0);
    // Reports name files relative to the working directory.
    const shown = relative(process.cwd(), tree);
    expect(result.stderr).toBe(`warning: skipped ${shown}/.gitignore: it is a named pipe (FIFO), not a regular file: its patterns are not used\n`);
    expect(JSON.parse(result.stdout).policies.map((p: { file: string }) => p.file)).toEqual([`${shown}/retry.json`]);
  });
});
