import { parsePlainDecimal } from "../core/decimal.js";

/**
 * Durations as each system writes them, to milliseconds (possibly fractional). Each
 * returns null for text its system would refuse; the caller names the key.
 */

const GO_UNITS: Readonly<Record<string, number>> = { ns: 1e-6, us: 1e-3, "µs": 1e-3, "μs": 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * Go's time.ParseDuration ("300ms", "1.5h", "2h45m"): Istio's durations and Argo's. A
 * sign is refused (no retry setting is negative); "0" alone is zero.
 */
export function goDuration(text: string, options: { days?: boolean } = {}): number | null {
  const trimmed = text.trim();
  if (trimmed === "0") return 0;
  const units = options.days ? { ...GO_UNITS, d: 86_400_000 } : GO_UNITS;
  const part = /([\d.]+)(ns|us|µs|μs|ms|s|m|h|d)/y;
  let pos = 0;
  let total = 0;
  while (pos < trimmed.length) {
    part.lastIndex = pos;
    const match = part.exec(trimmed);
    // Go takes "1.5", ".5" and "5." alike.
    if (!match || !Object.hasOwn(units, match[2]!) || parsePlainDecimal(match[1]!) === null) return null;
    total += Number(match[1]) * units[match[2]!]!;
    pos = part.lastIndex;
  }
  return pos === 0 ? null : total;
}

/**
 * Protocol Buffers' JSON form of google.protobuf.Duration, as Envoy reads it in YAML and
 * JSON: seconds with up to nine decimals and an "s" ("0.025s", "2s").
 */
export function protoDuration(text: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,9}))?s$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 1000 + (match[2] === undefined ? 0 : Number(`0.${match[2]}`) * 1000);
}

/**
 * Argo's backoff durations: a whole number is seconds ("Default unit is seconds"), else a
 * Go duration, where Argo also reads days ("1d").
 */
export function argoDuration(text: string): number | null {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  return goDuration(trimmed, { days: true });
}

const SPRING_UNITS: Readonly<Record<string, number>> = { ns: 1e-6, us: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * Spring Boot's Duration conversion (DurationStyle): "500ms", "1s", "2m" (a whole number
 * and a unit; none = milliseconds, the default unit), or ISO-8601 as java.time.Duration
 * parses it ("PT1S", "PT0.5S", "P1DT2H").
 */
export function springDuration(text: string): number | null {
  const trimmed = text.trim();
  const simple = /^\+?(\d+)([a-zA-Z]{0,2})$/.exec(trimmed);
  if (simple) {
    const unit = simple[2]!.toLowerCase();
    const size = unit === "" ? 1 : Object.hasOwn(SPRING_UNITS, unit) ? SPRING_UNITS[unit] : undefined;
    return size === undefined ? null : Number(simple[1]) * size;
  }
  const iso = /^\+?[pP](?:(\d+)[dD])?(?:[tT](?:(\d+)[hH])?(?:(\d+)[mM])?(?:(\d+)(?:[.,](\d{0,9}))?[sS])?)?$/.exec(trimmed);
  if (!iso || /[tT]$/.test(trimmed) || /^\+?[pP]$/.test(trimmed)) return null;
  const [, days, hours, minutes, seconds, fraction] = iso;
  return (
    Number(days ?? 0) * 86_400_000 +
    Number(hours ?? 0) * 3_600_000 +
    Number(minutes ?? 0) * 60_000 +
    Number(seconds ?? 0) * 1000 +
    (fraction ? Number(`0.${fraction}`) * 1000 : 0)
  );
}

/**
 * Gateway API's Duration (GEP-2257; apis/v1/shared_types.go's pattern
 * `^([0-9]{1,5}(h|m|s|ms)){1,4}$`): one to four whole numbers of up to five digits, each
 * with h, m, s or ms ("100ms", "1h30m"), as Envoy Gateway's and Gateway API's CRDs take
 * them. No fractions, no sign, no spaces.
 */
export function gatewayDuration(text: string): number | null {
  if (!/^(?:[0-9]{1,5}(?:h|m|s|ms)){1,4}$/.test(text)) return null;
  const units: Readonly<Record<string, number>> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };
  let total = 0;
  for (const [, digits, unit] of text.matchAll(/([0-9]+)(ms|h|m|s)/g)) total += Number(digits) * units[unit!]!;
  return total;
}
