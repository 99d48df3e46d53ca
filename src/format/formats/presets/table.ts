import { retryOnText } from "../../../core/conditions/condition.js";
import type { OverrideName, PresetDescription } from "../../../core/preset.js";
import { type OverrideNames, type PresetListGroup, type PresetListed, versionRows } from "../../preset-text.js";
import type { Renderers } from "../../renderer.js";
import { wrapLine } from "../../wrap.js";

function retriesText(preset: PresetDescription): string {
  if (preset.defaultRetries !== null) return String(preset.defaultRetries);
  if (preset.retriesNote !== undefined) return preset.retriesNote;
  return `unlimited (the schedule shows ${preset.defaultAttempts})`;
}

/** The least width a wrapped phrase keeps beside the name and label; below it they go on a line of their own. */
const LEAST_PHRASE_WIDTH = 24;

/**
 * `backoff presets`: one line per preset (name, version, the default schedule in a phrase), under
 * its group's title; `backoff presets NAME` has the rest. Fitted to `width`: the phrase wraps
 * under itself, and where too little room is left beside the name and label, the label and
 * phrase go on the next line.
 */
function presetListText(groups: readonly PresetListGroup[], width: number | null): string {
  const entries = groups.flatMap((group) => group.entries);
  const nameWidth = Math.max(...entries.map((entry) => entry.preset.name.length)) + 2;
  const labelWidth = Math.max(...entries.map((entry) => entry.label.length)) + 2;
  const hang = 2 + nameWidth + labelWidth;
  const beside = width === null || width - hang >= LEAST_PHRASE_WIDTH;
  const line = (entry: PresetListed): string[] =>
    beside
      ? wrapLine(`  ${entry.preset.name.padEnd(nameWidth)}${entry.label.padEnd(labelWidth)}${entry.phrase}`, width, hang)
      : [`  ${entry.preset.name}`, ...wrapLine(`    ${entry.label}  ${entry.phrase}`, width, 2)];
  const blocks = groups.map((group) => [group.title, ...group.entries.flatMap(line)].join("\n"));
  // The older releases that compute otherwise, each a preset of its own (issue 39, item 4).
  const older = entries.flatMap((entry) => (entry.preset.versions ?? []).map((version) => `${entry.preset.name}@${version.version}`));
  const releases = older.length === 0 ? "" : ` Older releases that compute otherwise are presets too: ${older.join(", ")} (backoff presets <name> says what changed).`;
  const footer = wrapLine(`${entries.length} presets. backoff presets <name> prints one in full (formula, defaults, jitter, source); backoff --preset <name> shows its schedule.${releases}`, width).join("\n");
  return `${blocks.join("\n\n")}\n\n${footer}\n`;
}

/** `backoff presets <name>`: everything about one preset, quirks included, its overrides spelled by `names`; fitted to `width` as the list is. */
function presetDetailText(preset: PresetDescription, names: OverrideNames, width: number | null): string {
  // Continuations go under the value column ("formula:  ") while it leaves room, else two spaces in.
  const valueHang = width === null || width >= 50 ? 10 : 2;
  const lines = [
    ...wrapLine(`${preset.name}: ${preset.library}`, width, 2),
    ...wrapLine(`source:   ${preset.repository} ${preset.source}`, width, valueHang),
    ...wrapLine(`formula:  ${preset.formula}   (a = the attempt that has just failed, from 1)`, width, valueHang),
    ...wrapLine(`defaults: ${preset.defaults}`, width, valueHang),
    ...wrapLine(`jitter:   ${preset.jitter}`, width, valueHang),
    ...wrapLine(`retries by default: ${retriesText(preset)}`, width, 2),
    ...(preset.stopping === undefined ? [] : wrapLine(`stopping: ${preset.stopping}`, width, valueHang)),
    ...(preset.conditions === undefined ? [] : wrapLine(retryOnText(preset.conditions), width, 2)),
    ...wrapLine(`Retry-After: ${preset.retryAfter}`, width, 2),
    "overrides:",
    ...(Object.keys(preset.parameters) as OverrideName[]).flatMap((name) =>
      wrapLine(`  ${names[name].padEnd(13)} ${preset.parameters[name]}`, width, width === null || width >= 50 ? 14 : 2),
    ),
    "quirks:",
    ...preset.quirks.flatMap((quirk) => wrapLine(`  - ${quirk}`, width, 2)),
    // The older releases, each a variant by name@version (issue 39, item 4).
    ...(versionRows(preset).length === 0 ? [] : [`versions: ${preset.name} models the newest; older releases where what backoff computes differs:`]),
    ...versionRows(preset).flatMap(({ name, version }) => [
      ...wrapLine(`  ${name}: ${version.releases}: ${version.changed}.`, width, 4),
      ...version.sources.flatMap((source) => wrapLine(`    source: ${source}`, width, 6)),
    ]),
  ];
  return `${lines.join("\n")}\n`;
}

/** The presets for people: the list (formula, defaults, source), or one preset in full. */
export const renderer: Renderers["presets"] = {
  render: ({ groups, chosen, flags }, context) => ({ pieces: [chosen === null ? presetListText(groups, context.width) : presetDetailText(chosen, flags, context.width)] }),
};
