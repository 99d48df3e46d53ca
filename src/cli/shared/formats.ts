import { InvalidArgumentError } from "commander";

/**
 * One vocabulary for --format: the form written for people is `table` in every command.
 * `check` and `presets` called it `text` before, and that name still works: the value
 * reads as `table`.
 */
export function formatWithTextAlias<Format extends string>(choices: readonly Format[]): (value: string) => Format {
  return (value) => {
    const format = choices.find((f) => f === (value === "text" ? "table" : value));
    // Commander's own wording, which run.ts reshapes into "--format must be one of …".
    if (format === undefined) throw new InvalidArgumentError(`Allowed choices are ${choices.join(", ")}.`);
    return format;
  };
}
