import { describe, expect, it } from "vitest";
import type { LimitReport } from "../../../src/core/check-report/retry-limit.js";
import { assertionDetail, assertionLine, bestWithTriesText, countText, triesText, limitGovernsText, limitPlaceText, limitText, scanLimitText, timeoutsText, warningText } from "../../../src/core/check-report/words.js";

// src/core/check-report/words.ts: the sentences every check format puts around its own marks.

describe("countText and limitText", () => {
  it("retries, with the tries beside them where the library counts tries; a limit with its value", () => {
    expect([countText(1, undefined), countText(8, { countsTries: false }), countText(3, { countsTries: true })]).toEqual(["1 retry", "8 retries", "3 retries (4 tries)"]);
    // A duration in words, a count as it is.
    expect([limitText({ limit: "max-total", limitValue: 90_000 }), limitText({ limit: "max-attempts", limitValue: 5 })]).toEqual(["max-total 1 min 30 s", "max-attempts 5"]);
  });
});

describe("assertionDetail", () => {
  it("a broken total names the first attempt over the limit, with the tries when they take time", () => {
    // 3 retries with tries of 2 s: 4 tries.
    const context = { attempts: 3, attemptTimeMs: 2000 };
    expect(assertionDetail({ limit: "max-total", limitValue: 10_000, actual: 15_000, ok: false, attempt: 2 }, context)).toBe("worst case 15 s, with 4 tries × 2 s (first over the limit at attempt 2)");
    expect(assertionLine({ limit: "max-total", limitValue: 20_000, actual: 15_000, ok: true, attempt: 3 }, context)).toBe("✓ max-total 20 s: worst case 15 s, with 4 tries × 2 s");
  });

  it("no bound: the library's own rule, else that it retries forever", () => {
    const forever = { limit: "max-total", limitValue: 60_000, actual: null, ok: false, attempt: null } as const;
    expect(assertionDetail(forever, { attempts: 10, attemptTimeMs: 0 })).toBe("no bound: it retries forever");
    const terms = { name: "argo", rule: "argo retries forever (no retryStrategy.limit)", cap: null, limits: [], jitter: null };
    expect(assertionDetail(forever, { attempts: 10, attemptTimeMs: 0, terms })).toBe("no bound: argo retries forever (no retryStrategy.limit)");
  });
});

describe("assertionLine for a limit the file cannot decide", () => {
  it("marks it ? and says why, whatever the limit", () => {
    const context = { attempts: 5, attemptTimeMs: 0 };
    expect(assertionLine({ limit: "max-total", limitValue: 60_000, actual: null, ok: true, attempt: null, computable: false }, context)).toBe("? max-total 1 min: not computable: the file does not decide the waits");
    expect(assertionLine({ limit: "min-first", limitValue: 500, actual: null, ok: true, attempt: null, computable: false }, context)).toBe("? min-first 500 ms: not computable: the file does not decide the waits");
  });
});

describe("warningText", () => {
  it("the calculator's lever, or the library's own in its terms", () => {
    const noCap = { lint: "no-cap", attempt: 8, delayMs: 128_000 } as const;
    expect(warningText(noCap)).toBe("exponential backoff without a cap: attempt 8 waits 2 min 8 s and the delays grow without limit; set a cap");
    const terms = { name: "sidekiq", rule: "sidekiq stops after 25 retries (retry: 25)", cap: null, limits: ["retry: N"], jitter: null };
    expect(warningText(noCap, terms)).toBe("the delays of sidekiq grow without a cap: attempt 8 waits 2 min 8 s; sidekiq has no cap; bound its retries with retry: N");
  });
});

describe("timeoutsText", () => {
  it("the deadline first, then the try time; a default without a line by its name", () => {
    expect(timeoutsText(undefined)).toBeNull();
    expect(
      timeoutsText([
        { role: "attempt-time", field: "perTryTimeout", line: 16, column: 7 },
        { role: "deadline", field: "Envoy's default route timeout", line: null, column: null },
      ]),
    ).toBe("deadline: Envoy's default route timeout, assumed as the file sets none; try time: perTryTimeout at line 16:7");
  });
});

describe("a retry limit in words", () => {
  const limit: LimitReport = {
    file: "dr.yaml",
    line: 9,
    column: 9,
    system: "istio",
    systemLabel: "Istio",
    source: "DestinationRule reviews-cb",
    kind: "max-retries",
    value: 3,
    host: "reviews.prod.svc.cluster.local",
    text: "at most 3 concurrent retries to reviews.prod.svc.cluster.local",
  };
  const governed = { file: "vs.yaml", line: 14, column: 5, system: "istio", name: "reviews" };

  it("where it is, what it governs, and the sentence the machine formats give", () => {
    expect(limitPlaceText(limit)).toBe("at most 3 concurrent retries to reviews.prod.svc.cluster.local (DestinationRule reviews-cb, dr.yaml:9:9)");
    expect([limitGovernsText(limit, []), limitGovernsText(limit, [governed]), limitGovernsText(limit, [governed, governed])]).toEqual(["governs no policy found", "governs 1 policy", "governs 2 policies"]);
    expect(scanLimitText({ limit, governs: [governed] })).toBe(
      "DestinationRule reviews-cb (Istio): retry limit: at most 3 concurrent retries to reviews.prod.svc.cluster.local; governs 1 policy (reviews at vs.yaml:14:5)",
    );
  });

  it("one another replaces governs nothing, and says why", () => {
    const overridden = { ...limit, overridden: "replaced by the retry budget beside it" };
    expect(scanLimitText({ limit: overridden, governs: [governed] })).toBe(
      "DestinationRule reviews-cb (Istio): retry limit: at most 3 concurrent retries to reviews.prod.svc.cluster.local; replaced by the retry budget beside it",
    );
  });
});

describe("tries of a policy that retries forever (an Argo template without retryStrategy.limit)", () => {
  // Its rows were drawn to 10 retries; it has no count of tries, in the best case either (no bound without a deadline).
  const result = (totalMs: number | null) => ({ assertions: [], warnings: [], bestTotalMs: totalMs, worstTotalMs: totalMs, worstDelayMs: 0, worstDelayAttempt: 1 });
  const forever = { attempts: 10, attemptTimeMs: 30_000, result: result(null) };
  const bounded = { ...forever, result: result(7000) };
  it("a count where there is one, none where it retries forever", () => {
    expect(triesText(bounded)).toBe("11 tries × 30 s");
    expect(triesText(forever)).toBe("tries of 30 s");
    expect(bestWithTriesText(330_000, false, bounded)).toBe(" (tries that fail at once; 5 min 30 s when each of the 11 tries takes 30 s)");
    expect(bestWithTriesText(null, false, forever)).toBe(" (tries that fail at once; no bound when each try takes 30 s)");
  });
});
