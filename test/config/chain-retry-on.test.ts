import { describe, expect, it } from "vitest";
import { RETRY_ON_NAMES, retryOnFromNames } from "../../src/config/chain-retry-on.js";

// src/config/chain-retry-on.ts: a chain layer's conditions as the chain names them (issue 41,
// item 5), in core/chain/failure.ts's names (and aliases), 5xx, every and none.
describe("retryOnFromNames", () => {
  it("reads each name into the conditions' vocabulary, keeping the words as written", () => {
    expect(retryOnFromNames(["connection", " 502", "RESOURCE_EXHAUSTED", "5xx"], "chain[0]")).toEqual({
      words: ["connection", "502", "RESOURCE_EXHAUSTED", "5xx"],
      from: "retry-on",
      isDefault: false,
      conditions: [{ kind: "connection" }, { kind: "status", code: 502 }, { kind: "grpc", code: "RESOURCE_EXHAUSTED" }, { kind: "5xx" }],
    });
    expect(retryOnFromNames(["every"], "x").conditions).toEqual([{ kind: "every-error" }]);
    expect(retryOnFromNames(["none"], "x").conditions).toEqual([]);
    expect(RETRY_ON_NAMES).toEqual(["503", "429", "500", "502", "504", "connection", "timeout", "unavailable", "resource-exhausted", "5xx", "every", "none"]);
  });

  it("refuses an unknown name and none beside another, after the label", () => {
    expect(() => retryOnFromNames(["gateway-error"], "chain[2]")).toThrow('chain[2]: retry-on takes 503, 429, 500, 502, 504, connection, timeout, unavailable, resource-exhausted, 5xx, every, none; got "gateway-error"');
    expect(() => retryOnFromNames(["none", "503"], "chain[2]")).toThrow("chain[2]: retry-on none stands alone");
  });
});
