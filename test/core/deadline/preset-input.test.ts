import { describe, expect, it } from "vitest";
import { presetDeadlineInput } from "../../../src/core/deadline/preset-input.js";
import type { PresetModel, PresetStop } from "../../../src/core/preset.js";
import { fixedModel, tableModel } from "./waits.js";

// A library's model as the deadline model takes it (core/deadline/preset-input.ts): the model itself over its count,
// or, for a library with a time limit of its own, its waits as drawn, its stop and its own deadline.
const library = (partial: Partial<PresetModel>): PresetModel => ({ ...fixedModel(1000), retries: 3, stop: null, notes: [], parameters: {}, ...partial });

describe("presetDeadlineInput", () => {
  it("a library stopping by count: the model itself, its retries, the try time and the deadline given", () => {
    const model = library({ retries: 3 });
    expect(presetDeadlineInput(model, 2000, 30_000)).toEqual({ input: { waits: model, retries: 3, attemptTimeMs: 2000, deadlineMs: 30_000, stop: null }, stopText: null });
    // Retrying forever: no count.
    const forever = library({ retries: null });
    expect(presetDeadlineInput(forever, 0, null).input.retries).toBeNull();
  });

  it("a library with a time limit: its waits as drawn and its stop; its own deadline and the one given, the sooner", () => {
    const waits = tableModel([[100, 80, 119]]);
    const stop = { rule: "fits", limitMs: 119_999, from: "first-try" } as const;
    const kafka = library({ retries: 2_147_483_647, timed: { waits, stop, deadlineMs: 120_000, text: "delivery.timeout.ms (120,000 ms)" } });
    const expected = (deadlineMs: number) => ({ input: { waits, retries: 2_147_483_647, attemptTimeMs: 30_000, deadlineMs, stop }, stopText: "delivery.timeout.ms (120,000 ms)" });
    expect(presetDeadlineInput(kafka, 30_000, null)).toEqual(expected(120_000));
    expect(presetDeadlineInput(kafka, 30_000, 60_000)).toEqual(expected(60_000));
    expect(presetDeadlineInput(kafka, 30_000, 300_000)).toEqual(expected(120_000));
    // Without a deadline of its own (cenkalti): the one given, or none.
    const cenkalti = library({ timed: { waits, stop: { rule: "fits", limitMs: 10_000, from: "first-try" }, deadlineMs: null, text: "MaxElapsedTime (10 s)" } });
    expect(presetDeadlineInput(cenkalti, 2000, null).input.deadlineMs).toBeNull();
    expect(presetDeadlineInput(cenkalti, 2000, 8000).input.deadlineMs).toBe(8000);
  });

  it("a model cut by a stop but without its waits as drawn is a mistake in the preset, not a schedule", () => {
    const stop: PresetStop = { limit: "maxRetryTime (10 s)", limitMs: 10_000, lastAttempt: 4, fewest: 4, most: 4, reason: "…" };
    expect(() => presetDeadlineInput(library({ stop }), 0, null)).toThrow("a model that stops by maxRetryTime (10 s) gives the deadline model its waits as drawn (timed)");
  });
});
