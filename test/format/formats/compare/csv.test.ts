import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/compare/csv.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";
import { FIXED, JITTERED, NO_RETRY, compareOutput } from "../../../support/compared.js";

describe("the comparison as CSV", () => {
  it("long form; with a jittered policy every row gets the jitter columns (full jitter: 0 to d, mean d/2)", async () => {
    expect((await renderedText(renderer.render(compareOutput([NO_RETRY, JITTERED, FIXED]), plainContext()))).split("\n")).toEqual([
      "policy,attempt,delay_ms,cumulative_ms,min_ms,max_ms,mean_ms,cumulative_min_ms,cumulative_max_ms,stop",
      'none,,,,,,,,,"makes no retry (attempts: 1, no retries)"',
      "full-jitter,1,1000,1000,0,1000,500,0,1000,gives up after 2 retries",
      "full-jitter,2,2000,3000,0,2000,1000,0,3000,gives up after 2 retries",
      "fixed:base=2s,1,2000,2000,2000,2000,2000,2000,2000,gives up after 3 retries",
      "fixed:base=2s,2,2000,4000,2000,2000,2000,4000,4000,gives up after 3 retries",
      "fixed:base=2s,3,2000,6000,2000,2000,2000,6000,6000,gives up after 3 retries",
      "",
    ]);
  });

  it("streams: it does not read the last row first", () => {
    expect(renderer.readsLastRow).toBeUndefined();
  });
});
