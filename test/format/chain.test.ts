import { describe, expect, it } from "vitest";
import { analyseChain } from "../../src/core/chain/chain.js";
import { callsText, chainRows, countValue } from "../../src/format/chain.js";
import { renderer as csvRenderer } from "../../src/format/formats/chain/csv.js";
import { renderer as jsonRenderer } from "../../src/format/formats/chain/json.js";
import { SATURATED_TEXT } from "../../src/format/numbers.js";
import { plainContext, renderedText } from "../support/herd-reports.js";
import { layer, withBudget } from "../support/chain.js";

describe("callsText", () => {
  it("groups whole numbers, keeps 4 significant digits otherwise (trailing zeros too)", () => {
    expect([callsText(243n), callsText(2n ** 40n), callsText(1.99609375), callsText(1.99999998), callsText(1.25), callsText(12345.6)]).toEqual([
      "243",
      "1,099,511,627,776",
      "1.996",
      "2.000",
      "1.250",
      "12,346",
    ]);
    // 999.9995 to 4 digits is 1000: grouped as a whole number, never "1000".
    expect(callsText(999.9996)).toBe("1,000");
    // A double past 2^53 − 1 is a bound, never digits it does not hold; an exact bigint stays exact.
    expect(callsText(1.006015020015006e18)).toBe("> 9,007,199,254,740,991");
    expect(callsText(1001n ** 6n)).toBe("1,006,015,020,015,006,001");
  });
});

describe("countValue (the machine formats' counts)", () => {
  it("whole counts exactly up to 2^53 − 1, the marker past it (bigint or double); noise dropped, whole digits kept", () => {
    expect(countValue(2n ** 53n - 1n, 15)).toBe(9007199254740991);
    expect(countValue(2n ** 53n, 15)).toBe(SATURATED_TEXT);
    expect(countValue(2 ** 53, 15)).toBe(SATURATED_TEXT);
    // 1 + 0.3 + 0.09 in doubles is 1.3900000000000001.
    expect(countValue(1 + 0.3 + 0.3 * 0.3, 15)).toBe(1.39);
    expect(countValue(1.2463054187192117, 10)).toBe(1.246305419);
    // Ten significant digits never cut the whole part: 1004006004001 has 13.
    expect(countValue(1004006004001, 10)).toBe(1004006004001);
    expect(countValue(1004006004000.7, 10)).toBe(1004006004001);
  });
});

describe("a chain past 2^53 calls", () => {
  // Six layers of 1,000 retries: 1001^k calls at layer k, worked out in BigInt.
  const six = analyseChain(Array.from({ length: 6 }, () => layer(1000)), { failureRate: 1, rps: null, attemptMs: null });
  const expected = [1, 2, 3, 4, 5, 6].map((k) => 1001n ** BigInt(k)).map((calls) => (calls > 2n ** 53n - 1n ? SATURATED_TEXT : String(calls)));

  it("CSV: worst case, expected and budget-limited calls agree to the unit, the marker past 2^53 − 1", async () => {
    expect(expected).toEqual(["1001", "1002001", "1003003001", "1004006004001", "1005010010005001", SATURATED_TEXT]);
    const lines = (await renderedText(csvRenderer.render({ report: six }, plainContext()))).trimEnd().split("\n").slice(1);
    const cells = lines.map((line) => line.split(",")).map((cells) => [cells[4], cells[5], cells[7]]);
    expect(cells).toEqual([...expected, expected[5]!].map((calls) => [calls, calls, calls]));
  });

  it("JSON: the same, the marker as a string", async () => {
    const json = JSON.parse(await renderedText(jsonRenderer.render({ report: six }, plainContext()))) as { layers: Array<Record<string, unknown>>; total: Record<string, unknown> };
    const asJson = expected.map((calls) => (calls === SATURATED_TEXT ? calls : Number(calls)));
    expect(json.layers.map((row) => [row["worst_case_calls"], row["expected_calls"], row["budget_limited_calls"]])).toEqual(asJson.map((calls) => [calls, calls, calls]));
    expect([json.total["worst_case_calls"], json.total["expected_calls"], json.total["budget_limited_calls"]]).toEqual([SATURATED_TEXT, SATURATED_TEXT, SATURATED_TEXT]);
  });
});

describe("the chain's rows", () => {
  const report = analyseChain([withBudget(2, { kind: "aws-quota", tokens: 500, cost: 5 }), layer(1)], { failureRate: 1, rps: null, attemptMs: 10 });

  it("one row per layer and a total: the bottom's calls, the top's give-up time", () => {
    // No waits: bottom 2 tries × 10 ms = 20 ms; top 3 × 20 ms = 60 ms. Calls 3 and 3 × 2 = 6;
    // with the quota refusing every retry in steady state, 1 and 1 × 2 = 2.
    const rows = chainRows(report);
    expect(rows.map((row) => [row.layer, row.worstCaseCalls, row.limitedCalls, row.giveUp.nominalMs])).toEqual([
      ["1", 3n, 1, 60],
      ["2", 6n, 2, 20],
      ["total", 6n, 2, 60],
    ]);
  });
});
