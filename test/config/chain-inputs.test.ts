import { describe, expect, it } from "vitest";
import { chainInputs, parseFailure, parseFailureRate, parseRps } from "../../src/config/chain-inputs.js";
import { FAILURE_KINDS } from "../../src/core/chain/failure.js";

describe("a chain's inputs", () => {
  it("a failure rate as a share or a percentage; at most 1", () => {
    expect([parseFailureRate("--failure-rate", "0.5"), parseFailureRate("--failure-rate", "50%"), parseFailureRate("--failure-rate", "12.5%")]).toEqual([0.5, 0.5, 0.125]);
    expect(() => parseFailureRate("--failure-rate", "101%")).toThrow('--failure-rate must be at most 1 (100%), got "101%"');
  });

  it("a rate above 0", () => {
    expect(parseRps("--rps", "250")).toBe(250);
    expect(() => parseRps("--rps", "0")).toThrow('--rps must be more than 0, got "0"');
  });

  it("flags over the file's values, a full outage by default, and errors that name where the value came from", () => {
    expect(chainInputs({ rps: "100" }, { rps: "5", attemptTime: "2s" }, "chain.json")).toEqual({ attemptMs: 2000, failureRate: 1, rps: 100 });
    expect(() => chainInputs({}, { failureRate: "2" }, "chain.json")).toThrow("failure-rate in chain.json must be at most 1 (100%)");
  });

  it("--failure: a failure kind by name or alias, in any case, RESOURCE_EXHAUSTED as gRPC writes it (issue 41, item 5)", () => {
    expect(parseFailure("--failure", "overload")).toBe(FAILURE_KINDS[0]);
    expect(parseFailure("--failure", "RESOURCE_EXHAUSTED").name).toBe("resource-exhausted");
    expect(chainInputs({ failure: "reset" }, null, null)).toEqual({ attemptMs: null, failureRate: 1, rps: null, failure: FAILURE_KINDS.find((kind) => kind.name === "connection") });
    expect(chainInputs({}, null, null)).toEqual({ attemptMs: null, failureRate: 1, rps: null });
    expect(() => parseFailure("--failure", "418")).toThrow('--failure takes 503 (overload), 429 (throttled), 500, 502, 504, connection (reset), timeout, unavailable, resource-exhausted; got "418"');
  });
});
