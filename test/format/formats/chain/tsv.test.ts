import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/chain/tsv.js";
import { HALF_REPORT } from "../../../support/chain-reports.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";

describe("the chain as TSV", () => {
  it("the same fields as CSV, separated by tabs", async () => {
    expect(await renderedText(renderer.render({ report: HALF_REPORT }, plainContext()))).toBe(
      "layer\tpolicy\ttries\tretries\tworst_case_calls\texpected_calls\tbudget\tbudget_limited_calls\tfull_bucket_retries\tper_try_timeout_ms\tgive_up_ms\tgive_up_min_ms\tgive_up_max_ms\n" +
        "1\ttop\t3\t2\t3\t1.140625\t\t1.140625\t\t\t90\t90\t90\n" +
        "2\tbottom\t3\t2\t9\t1.99609375\t\t1.99609375\t\t\t30\t30\t30\n" +
        "total\t\t\t\t9\t1.99609375\t\t1.99609375\t\t\t90\t90\t90\n",
    );
  });
});
