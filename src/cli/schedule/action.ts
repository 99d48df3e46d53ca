import type { Io } from "../shared/io.js";
import type { OptionValues } from "../../config/option-values.js";
import { UsageError } from "../shared/errors.js";
import type { OutputSwitches } from "../shared/render.js";
import { runSchedule } from "./run-schedule.js";

/** The schedule's own switches: how to write it, and where a config file is. */
export interface ScheduleSwitches extends OutputSwitches {
  readonly config?: string;
  readonly policy?: string;
}

/** `backoff [options]`: the flags, under a config file's policy when --config names one. */
export async function runScheduleCommand(given: OptionValues, switches: ScheduleSwitches, io: Io): Promise<number> {
  if (switches.config === undefined) {
    if (switches.policy !== undefined) throw new UsageError(`--policy ${JSON.stringify(switches.policy)} needs --config, which holds the named policies`);
    return runSchedule(given, switches, io);
  }
  const { valuesWithConfig } = await import("./config.js");
  return runSchedule(await valuesWithConfig(switches.config, switches.policy, given, io), switches, io);
}
