import type { ScheduleModel } from "../model.js";
import type { ElapsedStop } from "./elapsed-stop.js";

/**
 * What ends a retry sequence besides its count, for the deadline model: each try runs
 * up to its try time T and fails; a deadline D, counted from the first try's start, ends
 * everything; a library may also stop by elapsed time (its own rule, in `stop`).
 */
export interface DeadlineInput {
  /** The waits as drawn, before any elapsed-time stop (that comes as `stop`). */
  readonly waits: ScheduleModel;
  /** N: the retries made by count; null when only time ends them. */
  readonly retries: number | null;
  /** How long each try runs before it fails (its timeout), in whole ms; 0 when they take no time. */
  readonly attemptTimeMs: number;
  /** The overall timeout, from the first try's start, in whole ms; null when there is none. */
  readonly deadlineMs: number | null;
  /** The library's own elapsed-time stop, or null. */
  readonly stop: ElapsedStop | null;
}

const isWholeMs = (value: number) => Number.isSafeInteger(value) && value >= 0;

/** Throws a RangeError naming the first field that is not a whole number of ms (or count) in range. */
export function checkDeadlineInput(input: DeadlineInput): void {
  if (input.retries !== null && !isWholeMs(input.retries)) throw new RangeError(`retries must be a whole number from 0, got ${String(input.retries)}`);
  if (!isWholeMs(input.attemptTimeMs)) throw new RangeError(`attemptTimeMs must be whole ms from 0, got ${String(input.attemptTimeMs)}`);
  if (input.deadlineMs !== null && !(isWholeMs(input.deadlineMs) && input.deadlineMs > 0)) {
    throw new RangeError(`deadlineMs must be whole ms from 1, got ${String(input.deadlineMs)}`);
  }
  if (input.stop !== null && !isWholeMs(input.stop.limitMs)) throw new RangeError(`stop.limitMs must be whole ms from 0, got ${String(input.stop.limitMs)}`);
}
