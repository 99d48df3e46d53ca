#!/usr/bin/env node
// The only file that touches `process`: it hands argv, the streams and the
// environment to `run`, sets the exit code, and ends quietly when the reader of
// stdout goes away (`backoff … | head`), which Node would otherwise report as EPIPE.
import { run } from "../dist/cli.js";

process.stdout.on("error", (error) => {
  if (error && error.code === "EPIPE") process.exit(0);
  throw error;
});

process.exitCode = await run(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  // A getter: Node creates the stdin stream on first access, and only `--config -` needs it.
  get stdin() {
    return process.stdin;
  },
  env: process.env,
});
