import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/occ/tsv.js";
import { OCC_REPORT, plainContext, renderedText } from "../../../support/herd-reports.js";

describe("the OCC experiment as TSV", () => {
  it("the CSV's columns, tab-separated", async () => {
    const lines = (await renderedText(renderer.render(OCC_REPORT, plainContext()))).split("\n");
    expect(lines[0]!.split("\t").slice(0, 4)).toEqual(["clients", "mode", "runs", "calls_mean"]);
    expect(lines[1]).toBe("100\tnone\t100\t1855.7\t60.55\t6.06\t1845.704\t1865.704\t63460.842\t6346.084\t634.608\t31730.421\t126921.684");
    expect(lines[2]).toBe("100\tfull\t100\t795.88\t6.82\t0.68\t785.88\t805.88\t4902.875\t490.287\t49.029\t2451.437\t9805.75");
    expect(lines).toHaveLength(4);
  });
});
