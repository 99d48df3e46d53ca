import { describe, expect, it } from "vitest";
import { giveUpTimes } from "../../../src/core/chain/give-up.js";
import { istio } from "../../../src/presets/istio.js";
import { fixedWaits, layer } from "../../support/chain.js";

describe("giveUpTimes: how long each layer takes to give up at a full outage", () => {
  it("composes down the chain: each outer try lasts the inner layer's whole sequence", () => {
    // Bottom: 3 tries of 100 ms and 2 waits of 1 s: 300 + 2000 = 2300 ms.
    // Top: 3 tries, each the bottom's 2300 ms, and 2 waits of 1 s: 6900 + 2000 = 8900 ms.
    const [top, bottom] = giveUpTimes([layer(2, { model: fixedWaits(1000) }), layer(2, { model: fixedWaits(1000) })], 100);
    expect(bottom!.giveUp).toEqual({ nominalMs: 2300, minMs: 2300, maxMs: 2300 });
    expect(top!.tryTime).toEqual({ nominalMs: 2300, minMs: 2300, maxMs: 2300 });
    expect(top!.giveUp).toEqual({ nominalMs: 8900, minMs: 8900, maxMs: 8900 });
    expect(top!.cutByTimeout).toBe(false);
  });

  it("an outer per-try timeout bounds each outer try: 2 s instead of 2.3 s gives 3 × 2000 + 2000 = 8000 ms", () => {
    const [top] = giveUpTimes([layer(2, { model: fixedWaits(1000), tryTimeoutMs: 2000 }), layer(2, { model: fixedWaits(1000) })], 100);
    expect(top!.tryTime.nominalMs).toBe(2000);
    expect(top!.giveUp.nominalMs).toBe(8000);
    expect(top!.cutByTimeout).toBe(true);
  });

  it("carries the range under jitter: istio's default waits are 0–24 and 0–49 ms (Envoy's full jitter)", () => {
    // 3 tries of 1 s: 3000 ms, plus 0 to 24 + 49 = 73 ms of waiting.
    const [only] = giveUpTimes([layer(2, { model: istio.build({}) })], 1000);
    expect([only!.giveUp.minMs, only!.giveUp.maxMs]).toEqual([3000, 3073]);
  });

  it("a layer without retries is one try: attempt 250 ms, no waits", () => {
    expect(giveUpTimes([layer(0)], 250)[0]!.giveUp).toEqual({ nominalMs: 250, minMs: 250, maxMs: 250 });
  });
});
