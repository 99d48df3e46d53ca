import { describe, expect, it } from "vitest";
import { amplificationDetail, chainLimitText, chainWho, layerNames, stackedRetriesText } from "../../../src/core/check-report/chain.js";
import { CHAIN_DETAIL, CHAIN_STACKED, CHAIN_WHO, placedChain } from "../../support/check-outputs.js";

// src/core/check-report/chain.ts: a chain's check in the words its reports share. The stack of
// test/support/check-outputs.ts: three layers of 3 tries, 27 calls at the backend per call at the top.
describe("the chain's words", () => {
  it("its layers, the limit, the calls that reach the backend, the stacked retries", () => {
    const { report, result } = placedChain({ maxAmplification: 1234 });
    expect([layerNames(report), chainWho(report)]).toEqual(["aws-sdk, istio, resilience4j", CHAIN_WHO]);
    expect(chainLimitText(result.assertions[0]!)).toBe("max-amplification 1,234");
    expect(amplificationDetail(report, result.assertions[0]!)).toBe(CHAIN_DETAIL);
    expect(stackedRetriesText(result.warnings[0]!)).toBe(CHAIN_STACKED);
  });
});
