import { addMs, timesMs } from "../limits.js";
import { modelTotals } from "../schedule.js";
import type { ChainLayer } from "./layer.js";

/** A time with its range under jitter: the un-jittered figure, and the shortest and longest it can be. */
export interface TimeSpan {
  readonly nominalMs: number;
  readonly minMs: number;
  readonly maxMs: number;
}

/** How long a layer takes when every call fails. */
export interface GiveUpLayer {
  /** One try: the bottom's attempt time, or the layer below's whole sequence; bounded by this layer's per-try timeout. */
  readonly tryTime: TimeSpan;
  /** Whether the per-try timeout cut a try short (in the longest case). */
  readonly cutByTimeout: boolean;
  /** From the first try to giving up: every try and every wait between them. */
  readonly giveUp: TimeSpan;
}

const bounded = (ms: number, timeoutMs: number | null) => (timeoutMs === null ? ms : Math.min(ms, timeoutMs));

/**
 * The time each layer takes to give up at a full outage, composed from the bottom: a try
 * at the bottom lasts `attemptMs`, a try of any other layer lasts as long as the layer
 * below takes to give up, and a per-try timeout cuts either short. A layer gives up after
 * its tries and the waits of its retries (their totals from the model, jitter bounds
 * included), so the top's figure is the time a caller waits for its error.
 */
export function giveUpTimes(layers: readonly Pick<ChainLayer, "retries" | "model" | "tryTimeoutMs">[], attemptMs: number): GiveUpLayer[] {
  const result = new Array<GiveUpLayer>(layers.length);
  let inner: TimeSpan = { nominalMs: attemptMs, minMs: attemptMs, maxMs: attemptMs };
  for (let k = layers.length - 1; k >= 0; k--) {
    const layer = layers[k]!;
    const tryTime: TimeSpan = {
      nominalMs: bounded(inner.nominalMs, layer.tryTimeoutMs),
      minMs: bounded(inner.minMs, layer.tryTimeoutMs),
      maxMs: bounded(inner.maxMs, layer.tryTimeoutMs),
    };
    const waits = layer.retries === 0 ? { cumulativeMs: 0, minMs: 0, maxMs: 0 } : modelTotals(layer.model, layer.retries);
    const tries = layer.retries + 1;
    const giveUp: TimeSpan = {
      nominalMs: addMs(timesMs(tryTime.nominalMs, tries), waits.cumulativeMs),
      minMs: addMs(timesMs(tryTime.minMs, tries), waits.minMs),
      maxMs: addMs(timesMs(tryTime.maxMs, tries), waits.maxMs),
    };
    result[k] = { tryTime, cutByTimeout: layer.tryTimeoutMs !== null && inner.maxMs > layer.tryTimeoutMs, giveUp };
    inner = giveUp;
  }
  return result;
}
