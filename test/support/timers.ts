import { vi } from "vitest";

/**
 * Runs a library's retry loop under vitest's fake timers and returns the delay of every
 * setTimeout it armed, in order: the library's own schedule, without waiting for it.
 * `start` is called once the timers are fake (so the loop's timers are the fake ones).
 */
export async function timeoutsArmedBy(start: () => Promise<unknown>): Promise<number[]> {
  vi.useFakeTimers();
  const spy = vi.spyOn(globalThis, "setTimeout");
  const running = start();
  await vi.runAllTimersAsync();
  await running;
  const seen = spy.mock.calls.map((call) => call[1] as number);
  spy.mockRestore();
  vi.useRealTimers();
  return seen;
}

/**
 * The synchronous form: `setup` runs under fake timers before the spy is set (a
 * constructor's own timers are not counted), then `act` arms the timers to record.
 */
export function timeoutsArmedSync<T>(setup: () => T, act: (subject: T) => void): number[] {
  vi.useFakeTimers();
  const subject = setup();
  const spy = vi.spyOn(globalThis, "setTimeout");
  act(subject);
  const seen = spy.mock.calls.map((call) => call[1] as number);
  spy.mockRestore();
  vi.useRealTimers();
  return seen;
}
