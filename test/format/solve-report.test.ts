import { describe, expect, it } from "vitest";
import { normalizePolicy } from "../../src/core/policy.js";
import { equationText, flagsOf, noSolutionJson, noSolutionText, solutionJson, solutionLines } from "../../src/format/solve-report.js";
import { ATTEMPTS, BASE, FACTOR } from "../support/solutions.js";

describe("equationText", () => {
  it("the factor's polynomial, its terms written out up to six, over the base; capped terms as such", () => {
    expect(equationText(FACTOR)).toBe("1 + f + f² = 13 (total ÷ base)");
    expect(equationText({ ...FACTOR, attempts: 6 })).toBe("1 + f + f² + f³ + f⁴ + f⁵ = 13 (total ÷ base)");
    expect(equationText({ ...FACTOR, attempts: 12 })).toBe("1 + f + … + f^11 = 13 (total ÷ base)");
    expect(equationText({ ...FACTOR, policy: normalizePolicy({ baseMs: 100, factor: 3, capMs: 1000 }) })).toBe("base × (1 + f + f²) = total, each term capped at 1 s");
  });

  it("the base's equation with the factor given; none for attempts", () => {
    expect(equationText(BASE)).toBe("base × (1 + f + … + f^3) = 20 s with f = 2, each term capped at 10 s");
    expect(equationText(ATTEMPTS)).toBe("");
  });
});

describe("flagsOf", () => {
  it("the policy as flags; the factor only for exponential, the cap when set", () => {
    expect(flagsOf(BASE.policy, 4)).toBe("--strategy exponential --base 1333 --factor 2 --cap 10000 --attempts 4");
    expect(flagsOf(normalizePolicy({ strategy: "linear", baseMs: 500 }), 3)).toBe("--strategy linear --base 500 --attempts 3");
  });
});

describe("solutionLines", () => {
  it("a factor: the answer, its root and equation, how it was found, what it achieves, the policy", () => {
    expect(solutionLines(FACTOR)).toEqual([
      "factor ≈ 3; root 3 of 1 + f + f² = 13 (total ÷ base).",
      "Found by bisection to a relative tolerance of 10^-12; the answer is rounded as shown (to the fewest decimals that keep the total within 0.1%).",
      "With factor 3 and delays rounded to whole ms, the total is 1.3 s (1,300 ms): exactly the target.",
      "Policy: --strategy exponential --base 100 --factor 3 --attempts 3",
    ]);
  });

  it("a base: in ms and read, its root to ten digits, how far the rounded answer lands from the target", () => {
    expect(solutionLines(BASE)).toEqual([
      "base ≈ 1333 ms (1.3 s); root 1333.333333 ms of base × (1 + f + … + f^3) = 20 s with f = 2, each term capped at 10 s.",
      "Found by bisection to a relative tolerance of 10^-12; the answer is rounded as shown (to whole ms).",
      "With base 1333 and delays rounded to whole ms, the total is 19.3 s (19,331 ms): 669 ms under the target of 20 s (20,000 ms).",
      "Policy: --strategy exponential --base 1333 --factor 2 --cap 10000 --attempts 4",
    ]);
    expect(solutionLines({ ...BASE, achievedMs: 21_500 })[2]).toBe("With base 1333 and delays rounded to whole ms, the total is 21.5 s (21,500 ms): 1.5 s (1,500 ms) over the target of 20 s (20,000 ms).");
  });

  it("attempts: the count within the budget, what one more would bring", () => {
    expect(solutionLines(ATTEMPTS)).toEqual([
      "attempts = 4: total wait 1.5 s (1,500 ms), within the budget of 2 s (2,000 ms).",
      "Attempt 5 would bring it to 3.1 s (3,100 ms).",
      "Policy: --strategy exponential --base 100 --factor 2 --attempts 4",
    ]);
    expect(solutionLines({ ...ATTEMPTS, nextTotalMs: null })).toHaveLength(2);
  });
});

describe("noSolutionText and noSolutionJson", () => {
  it("one sentence per reason, quoting what was given", () => {
    expect(noSolutionText({ why: "target-below-minimum", minimumMs: 1000 }, { attempts: "10", targetMs: 500 })).toBe(
      "even with factor 1 (every delay the base), 10 attempts wait 1 s (1,000 ms), more than the target 500 ms; lower --base or --attempts",
    );
    expect(noSolutionText({ why: "cap-limits-total", maximumMs: 5000 }, { attempts: "5", cap: "1s", targetMs: 60_000 })).toBe(
      "the cap makes the total unreachable: with --cap 1s, 5 attempts wait at most 5 s (5,000 ms), less than the target 1 min; raise --cap or --attempts",
    );
    expect(noSolutionText({ why: "factor-irrelevant", totalMs: 100 }, { targetMs: 1000 })).toBe("with 1 attempt the factor plays no part: the total is the base, 100 ms; give more --attempts");
    expect(noSolutionText({ why: "base-below-1ms", baseMs: 0.4 }, { targetMs: 1 })).toBe("the base would be 0.4 ms, which rounds to a delay of 0 ms; raise --total or lower --attempts or --factor");
    expect(noSolutionText({ why: "first-delay-over-budget", firstMs: 5000 }, { targetMs: 1000 })).toBe("the first delay alone, 5 s (5,000 ms), is over the budget of 1 s");
    expect(noSolutionText({ why: "delays-are-zero" }, { targetMs: 1000 })).toBe("every delay rounds to 0 ms, so any number of attempts fits the budget");
  });

  it("the JSON: not solved, the reason's name and its sentence", () => {
    expect(noSolutionJson({ why: "delays-are-zero" }, { targetMs: 1000 })).toBe(
      '{\n  "solved": false,\n  "reason": "delays-are-zero",\n  "message": "every delay rounds to 0 ms, so any number of attempts fits the budget"\n}\n',
    );
  });
});

describe("solutionJson", () => {
  it("the answer, its root and tolerance (as a plain decimal), the totals, the policy and its schedule", () => {
    const text = solutionJson(FACTOR, true);
    expect(text).toContain('"tolerance": 0.000000000001,');
    expect(JSON.parse(text)).toEqual({
      solved: true,
      unknown: "factor",
      value: 3,
      exact: 3,
      tolerance: 1e-12,
      target_total_ms: 1300,
      achieved_total_ms: 1300,
      next_total_ms: null,
      policy: { strategy: "exponential", base_ms: 100, factor: 3, cap_ms: null, attempts: 3 },
      schedule: [
        { attempt: 1, delay_ms: 100, cumulative_ms: 100 },
        { attempt: 2, delay_ms: 300, cumulative_ms: 400 },
        { attempt: 3, delay_ms: 900, cumulative_ms: 1300 },
      ],
    });
  });

  it("attempts have no root and no tolerance; a schedule not shown is null", () => {
    const doc = JSON.parse(solutionJson(ATTEMPTS, false));
    expect([doc.exact, doc.tolerance, doc.next_total_ms, doc.schedule]).toEqual([null, null, 3100, null]);
  });
});
