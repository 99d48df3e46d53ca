/** The deadline model's input check (src/core/deadline/input.ts). */
import { describe, expect, it } from "vitest";
import { type DeadlineInput, checkDeadlineInput } from "../../../src/core/deadline/input.js";
import { fixedModel } from "./waits.js";

const input: DeadlineInput = { waits: fixedModel(100), retries: 3, attemptTimeMs: 0, deadlineMs: null, stop: null };

describe("checkDeadlineInput", () => {
  it("takes whole ms and counts from 0 (a deadline from 1)", () => {
    expect(() => checkDeadlineInput(input)).not.toThrow();
    expect(() => checkDeadlineInput({ ...input, retries: null, deadlineMs: 1, stop: { rule: "fits", limitMs: 0, from: "first-try" } })).not.toThrow();
  });

  it("names the first field out of range", () => {
    expect(() => checkDeadlineInput({ ...input, retries: -1 })).toThrow(new RangeError("retries must be a whole number from 0, got -1"));
    expect(() => checkDeadlineInput({ ...input, attemptTimeMs: 1.5 })).toThrow(new RangeError("attemptTimeMs must be whole ms from 0, got 1.5"));
    expect(() => checkDeadlineInput({ ...input, deadlineMs: 0 })).toThrow(new RangeError("deadlineMs must be whole ms from 1, got 0"));
    expect(() => checkDeadlineInput({ ...input, stop: { rule: "cut", limitMs: Number.NaN, from: "first-try" } })).toThrow(
      new RangeError("stop.limitMs must be whole ms from 0, got NaN"),
    );
  });
});
