#!/usr/bin/env node
// The only file that touches `process`: it hands argv, the streams and the
// environment to `run`, sets the exit code, and ends quietly when the reader of
// stdout goes away (`backoff … | head`), which Node would otherwise report as EPIPE.
//
// CommonJS (bin/package.json says so) and loading one CommonJS bundle: the fastest
// start Node 20 offers (see scripts/build.js). The bundles' compiled code comes from a
// V8 code cache: Node's own on Node 22.1+, else the one the build ships in dist/
// (bin/code-cache.js).
"use strict";
const nodeModule = require("node:module");
if (typeof nodeModule.enableCompileCache === "function") nodeModule.enableCompileCache();
else require("./code-cache.js").installCodeCache(require("node:path").join(__dirname, "../dist"));
let run;
try {
  ({ run } = require("../dist/cli.cjs"));
} catch (error) {
  if (!error || error.code !== "MODULE_NOT_FOUND") throw error;
  // A fresh checkout before `npm install` (whose prepare script builds dist/).
  process.stderr.write("backoff: not built yet; run `npm install` (or `npm run build`) in the package first\n");
  process.exit(2);
}

process.stdout.on("error", (error) => {
  if (error && error.code === "EPIPE") process.exit(0);
  throw error;
});

// Ctrl-C: the first asks run to stop after the last whole row (closing a JSON document) and
// exit 130; a second one ends the process at once.
const interrupt = new AbortController();
process.on("SIGINT", () => {
  if (interrupt.signal.aborted) process.exit(130);
  interrupt.abort();
});

run(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  // A getter: Node creates the stdin stream on first access, and only `--config -` needs it.
  get stdin() {
    return process.stdin;
  },
  env: process.env,
  signal: interrupt.signal,
}).then((code) => {
  process.exitCode = code;
});
