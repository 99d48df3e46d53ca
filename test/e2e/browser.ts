import { existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { runCli } from "../support/cli.js";
import { tempDir } from "../support/files.js";

// Real-browser tests drive Debian's chromium (never a downloaded browser) through
// puppeteer-core. Without a usable chromium the tests are skipped with the reason printed,
// except in CI (CI=true), where that is a failure: .ci/run installs chromium. The browser is
// the one process they start, on purpose; the pages and the CLI's values they are compared
// with come from run(argv, io) in-process.

export const CHROMIUM = process.env["BACKOFF_CHROMIUM"] ?? "/usr/bin/chromium";
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const root = fileURLToPath(new URL("../..", import.meta.url));

export interface Chromium {
  readonly browser: Browser;
  close(): Promise<void>;
}

/** The browser, or null (tests skipped) with the reason printed; in CI a missing browser throws. */
export async function launchChromium(): Promise<Chromium | null> {
  const unavailable = (reason: string): null => {
    if (process.env["CI"] === "true") throw new Error(`the browser tests cannot run in CI: ${reason}`);
    console.warn(`skipping the browser tests: ${reason}`);
    return null;
  };
  if (!existsSync(CHROMIUM)) return unavailable(`${CHROMIUM} is missing (apt-get install chromium)`);
  // A new, empty profile for every run.
  const profile = tempDir("chromium");
  try {
    const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, userDataDir: profile, args: CHROMIUM_FLAGS, timeout: 60_000 });
    return {
      browser,
      close: async () => {
        await browser.close();
        rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    return unavailable(`${CHROMIUM} did not start: ${String(error instanceof Error ? error.message : error).split("\n")[0]}`);
  }
}

/** Runs the CLI in-process, through run(argv, io), and returns its stdout; anything but exit 0 fails the test. */
export async function backoff(args: readonly string[]): Promise<string> {
  const result = await runCli(args, { env: { NO_COLOR: "1" } });
  if (result.code !== 0) throw new Error(`backoff ${args.join(" ")} exited ${result.code}: ${result.stderr}`);
  return result.stdout;
}

/** The CLI's CSV, one record per line, fields as written. */
export async function csvRecords(args: readonly string[]): Promise<Array<Record<string, string>>> {
  const [header, ...lines] = (await backoff([...args, "--format", "csv"])).trimEnd().split("\n");
  const names = header!.split(",");
  // Policy names with commas are quoted: split on commas outside quotes.
  const fields = (line: string) => (line.match(/("([^"]|"")*"|[^,]*)(,|$)/g) ?? []).slice(0, names.length).map((field) => field.replace(/,$/, "").replace(/^"(.*)"$/, "$1").replace(/""/g, '"'));
  return lines.map((line) => Object.fromEntries(fields(line).map((value, index) => [names[index]!, value])));
}

export interface OpenedPage {
  readonly page: Page;
  /** Console errors and uncaught exceptions. */
  readonly errors: string[];
  /** Every request that was neither data: nor file: (each one aborted). */
  readonly requests: string[];
}

/** Opens a page from a file (file://, as a user opens a saved page), every network request refused and recorded. */
export async function openPage(chromium: Chromium, html: string, options: { width?: number; height?: number } = {}): Promise<OpenedPage> {
  const dir = tempDir("page");
  const file = join(dir, "page.html");
  writeFileSync(file, html);
  const page = await chromium.browser.newPage();
  await page.setViewport({ width: options.width ?? 1100, height: options.height ?? 900 });
  const errors: string[] = [];
  const requests: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  await page.setRequestInterception(true);
  page.on("request", (request) => {
    const url = request.url();
    if (url.startsWith("data:") || url.startsWith("file:")) {
      void request.continue();
    } else {
      requests.push(url);
      void request.abort();
    }
  });
  await page.goto(`file://${file}`, { waitUntil: "load" });
  await page.waitForSelector("html[data-ready=true]", { timeout: 10_000 });
  return { page, errors, requests };
}
