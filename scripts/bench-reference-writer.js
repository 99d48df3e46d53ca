#!/usr/bin/env node
// The reference for `npm run bench`: the simplest Node program that writes the same
// bytes as `backoff --attempts 1..N --format csv` (default policy: exponential, base
// 1000 ms, factor 2, no cap; linear comparison with step 1000 ms), in 64 KB chunks,
// honouring 'drain'. Plain double arithmetic is exact here: every value is an integer
// times a power of two or a sum of integers, and anything from 2^53 on is written as
// the saturation marker, as backoff does.
//
// It generates the text rather than replaying a file: backoff has to compute and
// format every row too, so a generator is the fair floor for "the same work done as
// simply as possible"; replaying a file would only measure the pipe.
//
// With a base and a cap (whole milliseconds), the bytes of `backoff --base BASE --cap CAP
// --attempts N --format csv` (exponential and linear both capped; the raw delay keeps doubling
// to the saturation marker), the long run where most totals pass 2^31.
//
// Usage: node scripts/bench-reference-writer.js [N [BASE CAP]]   (default 1000000 1000 none)
"use strict";
const last = Number(process.argv[2] ?? 1_000_000);
const base = Number(process.argv[3] ?? 1000);
const cap = process.argv[4] === undefined ? Infinity : Number(process.argv[4]);
const MAX = Number.MAX_SAFE_INTEGER;
const SATURATED = `>${MAX}`;
/** @param {number} ms */
const field = (ms) => (ms > MAX ? SATURATED : String(ms));
const out = process.stdout;
out.on("error", (error) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

let attempt = 1;
let raw = base;
let cumulative = 0;
let linearCumulative = 0;

function writeSome() {
  let chunk = attempt === 1 ? "attempt,raw_ms,delay_ms,cumulative_ms,linear_ms,linear_cumulative_ms\n" : "";
  while (attempt <= last) {
    const linear = Math.min(base * attempt, cap);
    const delay = Math.min(raw, cap);
    cumulative = cumulative + delay > MAX ? MAX + 1 : cumulative + delay;
    linearCumulative = linearCumulative + linear > MAX ? MAX + 1 : linearCumulative + linear;
    chunk += `${attempt},${field(raw)},${field(delay)},${field(cumulative)},${linear},${field(linearCumulative)}\n`;
    raw = raw > MAX ? raw : raw * 2;
    attempt++;
    if (chunk.length >= 65536) {
      const ready = out.write(chunk);
      chunk = "";
      if (!ready) return void out.once("drain", writeSome);
    }
  }
  if (chunk.length > 0) out.write(chunk);
}
writeSome();
