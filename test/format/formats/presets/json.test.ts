import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/presets/json.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";
import { DEMO, FOREVER, presetsOutput } from "../../../support/preset-descriptions.js";

describe("the presets as JSON", () => {
  it("the list: every preset as data with its group, two-space indented", async () => {
    const text = await renderedText(renderer.render(presetsOutput(null), plainContext()));
    expect(text.startsWith('{\n  "presets": [\n    {\n      "name": "demo",')).toBe(true);
    expect(text.endsWith("}\n")).toBe(true);
    const doc = JSON.parse(text);
    expect(doc.presets.map((preset: { name: string; group: string; version: string | null; parameters: object; stopping: { kind: string } }) => [preset.name, preset.group, preset.version, preset.parameters, preset.stopping.kind])).toEqual([
      ["demo", "Queues", "2.4.1", { "--base": "delay", "--jitter": "randomize" }, "count"],
      ["forever-lib", "Other", null, {}, "forever"],
    ]);
  });

  it("one preset: the object itself; a preset in no group has group null", async () => {
    const one = JSON.parse(await renderedText(renderer.render(presetsOutput(DEMO), plainContext())));
    expect([one.name, one.group, one.default_retries, one.stopping.description]).toEqual(["demo", "Queues", 3, "demo stops after 3 retries (maxRetries 3)"]);
    const ungrouped = { ...presetsOutput({ ...FOREVER, name: "forever-lib" }), groups: [] };
    expect(JSON.parse(await renderedText(renderer.render(ungrouped, plainContext()))).group).toBeNull();
  });
});
