import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/chain/csv.js";
import { HALF_REPORT } from "../../../support/chain-reports.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";

describe("the chain as CSV", () => {
  it("a header, one row per layer, then a row marked total (the backend's calls, the top's give-up time)", async () => {
    expect(await renderedText(renderer.render({ report: HALF_REPORT }, plainContext()))).toBe(
      "layer,policy,tries,retries,worst_case_calls,expected_calls,budget,budget_limited_calls,full_bucket_retries,per_try_timeout_ms,give_up_ms,give_up_min_ms,give_up_max_ms,failure,retried\n" +
        "1,top,3,2,3,1.140625,,1.140625,,,90,90,90,,\n" +
        "2,bottom,3,2,9,1.99609375,,1.99609375,,,30,30,30,,\n" +
        "total,,,,9,1.99609375,,1.99609375,,,90,90,90,,\n",
    );
  });
});
