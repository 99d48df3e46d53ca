/**
 * How a library decides its last retry, read from its model: by count, by elapsed time
 * (how many retries then depends on the draws), or never. The schedule, check, solve
 * and simulate all take a preset's attempts from here, so they agree on one count.
 */
import type { Preset, PresetModel, PresetStop } from "./types.js";

export type StopRule =
  /** The library stops after `retries` retries. */
  | { readonly kind: "count"; readonly retries: number; readonly text: string }
  /** The library stops by elapsed time (and by count too when `retries` is set). */
  | { readonly kind: "elapsed"; readonly stop: PresetStop; readonly retries: number | null; readonly text: string }
  /** The library retries as long as the calls fail. */
  | { readonly kind: "forever"; readonly text: string };

/** The rule in effect for a model built from `preset`; `text` names it in the library's words. */
export function stopRuleOf(preset: Preset, model: PresetModel): StopRule {
  if (model.stop !== null) return { kind: "elapsed", stop: model.stop, retries: model.retries, text: model.stop.limit };
  if (model.retries !== null) {
    const isDefault = model.retries === preset.defaultRetries && preset.stopping !== undefined;
    return { kind: "count", retries: model.retries, text: isDefault ? preset.stopping! : `${model.retries} ${model.retries === 1 ? "retry" : "retries"}` };
  }
  return { kind: "forever", text: preset.stopping ?? "no retry limit" };
}

/** The most retries any run makes under the rule; null when it retries forever. */
export function mostRetries(rule: StopRule): number | null {
  switch (rule.kind) {
    case "count":
      return rule.retries;
    case "elapsed":
      return rule.stop.most;
    case "forever":
      return null;
  }
}

/** One sentence for people: "sidekiq stops after 25 retries (retry: 25)". */
export function stopRuleText(preset: Preset, rule: StopRule): string {
  switch (rule.kind) {
    case "count":
      if (rule.retries === 0) return `${preset.name} makes no retry (${rule.text})`;
      return `${preset.name} stops after ${rule.retries} ${rule.retries === 1 ? "retry" : "retries"}${rule.text === `${rule.retries} retries` || rule.text === "1 retry" ? "" : ` (${rule.text})`}`;
    case "elapsed":
      return rule.stop.fewest === rule.stop.most
        ? `${preset.name} stops by ${rule.text} after ${rule.stop.most} ${rule.stop.most === 1 ? "retry" : "retries"}`
        : `${preset.name} stops by ${rule.text} after ${rule.stop.fewest} to ${rule.stop.most} retries, as the jitter falls`;
    case "forever":
      return `${preset.name} retries forever (${rule.text})`;
  }
}
