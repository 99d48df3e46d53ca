/**
 * gRPC C-core's connection backoff (grpc_core::BackOff), as the grpc-core preset models it.
 * src/core/util/backoff.cc, the SharedBitGen form (after grpc/grpc#39505, 2025; read at grpc/grpc bfa054eb20d1,
 * the newest stored; the older form, at 15bab7a3b32c, has `current_backoff_ = std::min(current_backoff_ *
 * multiplier, max_backoff)` only from the second call and draws from a member rand_gen_):
 *
 *   if (initial_) initial_ = false; else current_backoff_ *= options_.multiplier();
 *   current_backoff_ = std::min(current_backoff_, options_.max_backoff());
 *   return current_backoff_ * absl::Uniform(g, 1 - jitter, 1 + jitter);
 *
 * Duration × double is FromSecondsAsDouble(millis × x / 1000.0), its millis truncated; the
 * multiplier is 1.6 and the jitter 0.2 (subchannel.cc constants); absl::Uniform draws from
 * [0.8, 1.2), so a wait is at most the backoff × the double below 1.2, truncated.
 */
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";
import { findPreset } from "../../src/presets/registry.js";

const grpcCore = findPreset("grpc-core")!;

describe("grpc-core (src/core/util/backoff.cc, SharedBitGen form)", () => {
  it("the defaults: 1000, 1600, 2560, 4096, 6553 ms (truncated products), waits 800–1199 ms first", () => {
    const m = grpcCore.build({});
    // 1000 × 1.6 = 1600; × 1.6 = 2560; × 1.6 = 4096; × 1.6 = 6553.6 → 6553.
    expect([1, 2, 3, 4, 5].map((a) => m.delay(a).delayMs)).toEqual([1000, 1600, 2560, 4096, 6553]);
    // 1000 × 0.8 = 800; 1000 × (1.2 − 2^-52·…) = 1199.99… → 1199.
    expect(m.bounds(1)).toEqual({ minMs: 800, maxMs: 1199 });
  });

  it("the max caps the first backoff too (issue 23: the preset waited an initial above the max once, uncapped)", () => {
    // initial 5 s, max 2 s: b₁ = min(5000, 2000) = 2000, waits 2000 × [0.8, 1.2): 1600–2399 ms, and the max from then on.
    const m = grpcCore.build({ baseMs: 5000, capMs: 2000 });
    expect(m.delay(1)).toEqual({ rawMs: 5000, delayMs: 2000, clamped: true });
    expect(m.bounds(1)).toEqual({ minMs: 1600, maxMs: 2399 });
    expect(m.bounds(2)).toEqual({ minMs: 1600, maxMs: 2399 });
    expect(m.capReachedAt()).toBe(1);
    expect(m.steadyFrom()).toBe(1);
  });

  it("names the versions of both forms, the older in a quirk", () => {
    expect(grpcCore.library).toContain("the first backoff capped at the max since grpc/grpc#39505 (2025)");
    const quirk = grpcCore.quirks.find((line) => line.includes("backoff_cap_initial_at_max"));
    expect(quirk).toContain("grpc/grpc#38239 (December 2024) added it behind the backoff_cap_initial_at_max experiment and #39505 (2025) removed the experiment");
    // The older form: b₁ = 5000 uncapped, waits 5000 × [0.8, 1.2) = 4000–5999 ms.
    expect(quirk).toContain("initial 5 s, max 2 s: 4,000–5,999 ms, then 1,600–2,399 ms");
  });
});

// Issue 41, item 2: `backoff presets grpc-core` shows the library's default conditions.
// grpc/grpc src/core/client_channel/subchannel.cc: the BackOff paces the connection attempt after a failed one.
describe("grpc-core's default conditions (issue 41, item 2)", () => {
  it("the 'retries on' line of backoff presets grpc-core, and retry_on in its JSON", async () => {
    const text = await runCli(["presets", "grpc-core"], { env: { NO_COLOR: "1" } });
    expect(text.stdout.split("\n")).toContain("retries on connection failures (gRPC's connection backoff: a failed connection attempt)");
    const json = await runCli(["presets", "grpc-core", "--format", "json"]);
    expect(JSON.parse(json.stdout).retry_on).toEqual({ from: "gRPC's connection backoff", default: true, words: ["a failed connection attempt"], conditions: ["connection failures"], overload: [], everything: false });
  });
});
