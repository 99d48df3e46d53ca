import type { PresetModel } from "../preset.js";
import type { DeadlineInput } from "./input.js";

/** A library's deadline input, and how its own limit is named where it, not the deadline, ends the retries. */
export interface PresetDeadline {
  readonly input: DeadlineInput;
  /** The library's limit in its words; null when it has none (its count alone ends it). */
  readonly stopText: string | null;
}

/**
 * The deadline model's input for a library's model under a try time and a deadline: its
 * waits as drawn and its own time limit when it has one (PresetModel.timed), else the model
 * itself over its retry count (null: forever). A library's own overall timeout (Kafka's
 * delivery.timeout.ms) and the deadline given combine: the sooner ends everything.
 */
export function presetDeadlineInput(model: PresetModel, attemptTimeMs: number, deadlineMs: number | null): PresetDeadline {
  const { timed } = model;
  // A model cut by its stop holds waits no run makes with tries that take time: the stop must come as `timed`.
  if (timed === undefined && model.stop !== null) throw new Error(`a model that stops by ${model.stop.limit} gives the deadline model its waits as drawn (timed)`);
  if (timed === undefined) return { input: { waits: model, retries: model.retries, attemptTimeMs, deadlineMs, stop: null }, stopText: null };
  const own = timed.deadlineMs;
  const deadline = own === null ? deadlineMs : deadlineMs === null ? own : Math.min(own, deadlineMs);
  return { input: { waits: timed.waits, retries: model.retries, attemptTimeMs, deadlineMs: deadline, stop: timed.stop }, stopText: timed.text };
}
