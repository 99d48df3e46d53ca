import { describe, expect, it } from "vitest";
import { argoDuration, goDuration, protoDuration, springDuration } from "../../src/config/durations.js";

// Worked out by hand from each system's documented grammar (named in src/config/durations.ts).

describe("durations as each system writes them", () => {
  it("Go (Istio, Argo): units ns to h, fractions and sums; nothing else", () => {
    expect([goDuration("2s"), goDuration("25ms"), goDuration("1m30s"), goDuration("1.5h"), goDuration("100us"), goDuration("0")]).toEqual([2000, 25, 90_000, 5_400_000, 0.1, 0]);
    expect([goDuration("2"), goDuration("-1s"), goDuration("1d"), goDuration("s"), goDuration("")]).toEqual([null, null, null, null, null]);
  });
  it("protobuf JSON (Envoy): seconds with up to nine decimals and an s", () => {
    expect([protoDuration("0.025s"), protoDuration("2s"), protoDuration("1.000000001s")]).toEqual([25, 2000, 1000.000001]);
    expect([protoDuration("25ms"), protoDuration("2"), protoDuration("1.0000000001s")]).toEqual([null, null, null]);
  });
  it("Argo: a bare number is seconds, else a Go duration with days", () => {
    expect([argoDuration("1"), argoDuration("30s"), argoDuration("1d"), argoDuration("2m")]).toEqual([1000, 30_000, 86_400_000, 120_000]);
  });
  it("Spring Boot: number and unit (none = ms), or ISO-8601", () => {
    expect([springDuration("500"), springDuration("500ms"), springDuration("2s"), springDuration("1m"), springDuration("1d"), springDuration("PT1S"), springDuration("PT0.5S"), springDuration("P1DT2H")]).toEqual([
      500, 500, 2000, 60_000, 86_400_000, 1000, 500, 93_600_000,
    ]);
    expect([springDuration("1.5s"), springDuration("PT"), springDuration("P"), springDuration("2x")]).toEqual([null, null, null, null]);
  });
});
