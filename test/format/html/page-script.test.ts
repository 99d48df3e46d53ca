/** The page script (src/format/html/page-script.ts) in a real browser: what a person reads and does on the page. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "puppeteer-core";
import { afterAll, describe, expect, it } from "vitest";
import { type OpenedPage, backoff, csvRecords, launchChromium, openPage, root } from "../../e2e/browser.js";
import { tempDir } from "../../support/files.js";
import { CHART } from "../../../src/format/html/layout.js";

// The pages in a real browser (Debian's chromium through puppeteer-core): every value read
// in the page, by hovering, by keyboard, in the calculator and the sweep, is compared with
// what the CLI itself prints for the same inputs.

const chromium = await launchChromium();
afterAll(async () => chromium?.close());

const grouped = (value: string) => value.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** A small deterministic generator, so that a failure reproduces. */
function randomInts(seed: number) {
  let state = seed >>> 0;
  return (min: number, max: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return min + (state % (max - min + 1));
  };
}

async function open(args: readonly string[], options: { width?: number; height?: number } = {}): Promise<OpenedPage> {
  return openPage(chromium!, await backoff([...args, "--format", "html"]), options);
}

/** Nothing logged as an error, nothing fetched. */
function expectClean(opened: OpenedPage): void {
  expect(opened.errors).toEqual([]);
  expect(opened.requests).toEqual([]);
}

async function readout(page: Page): Promise<Record<string, string>> {
  return page.$eval("[data-readout]", (element) => ({ ...(element as HTMLElement).dataset, text: element.textContent ?? "" }));
}

async function setInput(page: Page, name: string, value: string): Promise<void> {
  await page.$eval(
    `input[name="${name}"]`,
    (input, text) => {
      (input as HTMLInputElement).value = text;
      input.dispatchEvent(new Event("input", { bubbles: true }));
    },
    value,
  );
}

/** What the schedule readout must say for a CSV row. */
function expectScheduleReadout(shown: Record<string, string>, row: Record<string, string>): void {
  expect(shown).toMatchObject({
    shownAttempt: row["attempt"],
    delayMs: row["delay_ms"],
    rawMs: row["raw_ms"],
    cumulativeMs: row["cumulative_ms"],
    linearMs: row["linear_ms"],
    linearCumulativeMs: row["linear_cumulative_ms"],
  });
  if (row["min_ms"] !== undefined) expect(shown).toMatchObject({ minMs: row["min_ms"], maxMs: row["max_ms"] });
  expect(shown["text"]).toContain(`Attempt ${grouped(row["attempt"]!)}`);
  const delay = Number(row["delay_ms"]);
  expect(shown["text"]).toContain(delay < 1000 ? `delay ${delay} ms` : `delay ${grouped(row["delay_ms"]!)} ms (`);
}

describe.skipIf(chromium === null)("--format html in chromium", () => {
  const basic = ["--base", "100", "--cap", "10s", "--attempts", "20"];

  it("hovering an attempt's point reads that attempt's delay, uncapped value, totals and linear values, as the CLI prints them", async () => {
    const opened = await open(basic);
    const csv = await csvRecords(basic);
    for (const attempt of [1, 3, 7, 8, 14, 20]) {
      await opened.page.hover(`[data-attempt="${attempt}"]`);
      expectScheduleReadout(await readout(opened.page), csv[attempt - 1]!);
    }
    // Attempt 8 is the first the cap cuts (100 · 2^7 = 12,800 ms > 10 s).
    await opened.page.hover('[data-attempt="8"]');
    expect((await readout(opened.page))["text"]).toContain("Attempt 8: the cap bitesdelay 10,000 ms (10 s), uncapped 12,800 ms (12.8 s)");
    expect(await opened.page.$$eval("[data-attempt]", (points) => points.length)).toBe(20);
    expectClean(opened);
    await opened.page.close();
  });

  it("a deadline (issue 25): a line before the first retry no run starts by it, labelled; none without one", async () => {
    // The example: retry 5 (41 s) is the first past 30 s: the line halfway between attempts 4 and 5.
    const opened = await open(["--base", "1s", "--attempts", "10", "--attempt-time", "2s", "--deadline", "30s"]);
    const x = (attempt: number) => CHART.left + ((attempt - 1) / 9) * (CHART.right - CHART.left);
    const line = () => opened.page.$eval("line.deadline", (el) => [el.getAttribute("x1"), el.getAttribute("x2"), el.getAttribute("y1"), el.getAttribute("y2")]);
    const expected = [String(Math.round(((x(4) + x(5)) / 2) * 100) / 100), String(Math.round(((x(4) + x(5)) / 2) * 100) / 100), String(CHART.top), String(CHART.bottom)];
    expect(await line()).toEqual(expected);
    expect(await opened.page.$eval("text.deadline-label", (el) => el.textContent)).toBe("deadline 30 s");
    expectClean(opened);
    await opened.page.close();
    const plain = await open(["--base", "1s", "--attempts", "10"]);
    expect(await plain.page.$$eval("line.deadline", (lines) => lines.length)).toBe(0);
    expectClean(plain);
    await plain.page.close();
  });

  it("keyboard first: the chart takes focus, the arrow keys, Home, End and Page Up move between attempts", async () => {
    const opened = await open(basic);
    const csv = await csvRecords(basic);
    const { page } = opened;
    expect(await page.$eval("[data-readout]", (element) => element.getAttribute("aria-live"))).toBe("polite");
    await page.$eval("svg[data-chart]", (svg) => (svg as SVGSVGElement).focus());
    expectScheduleReadout(await readout(page), csv[0]!);
    const steps: Array<[string, number]> = [["ArrowRight", 2], ["ArrowRight", 3], ["ArrowUp", 4], ["End", 20], ["ArrowRight", 20], ["ArrowLeft", 19], ["PageDown", 9], ["Home", 1], ["ArrowLeft", 1], ["PageUp", 11]];
    for (const [key, attempt] of steps) {
      await page.keyboard.press(key as "ArrowRight");
      expectScheduleReadout(await readout(page), csv[attempt - 1]!);
      expect(await page.$eval("tr.selected", (row) => row.getAttribute("data-row"))).toBe(String(attempt));
    }
    // Tab reaches the chart from the copy button: past the scale's radio group, the next stop.
    await page.focus("[data-copy]");
    const focusable: string[] = [];
    for (let i = 0; i < 2; i++) {
      await page.keyboard.press("Tab");
      focusable.push(await page.evaluate(() => document.activeElement?.tagName.toLowerCase() ?? ""));
    }
    expect(focusable).toEqual(["input", "svg"]);
    expectClean(opened);
    await page.close();
  });

  it("jitter and a sample: the readout's range and the table's rows are the terminal table's, cell for cell", async () => {
    const args = ["--base", "1s", "--cap", "30s", "--attempts", "3..30", "--jitter", "full", "--seed", "7"];
    const opened = await open(args);
    const csv = await csvRecords(args);
    for (const attempt of [3, 6, 17, 30]) {
      await opened.page.hover(`[data-attempt="${attempt}"]`);
      expectScheduleReadout(await readout(opened.page), csv[attempt - 3]!);
    }
    const terminal = (await backoff(args))
      .split("\n")
      .filter((line) => /^│ +\d/.test(line))
      .map((line) => line.split("│").slice(1, -1).map((cell) => cell.trim().replace(/\s+/g, " ")));
    const table = await opened.page.$$eval("tbody tr", (rows) => rows.map((row) => Array.from(row.querySelectorAll("td"), (cell) => (cell.textContent ?? "").trim().replace(/\s+/g, " "))));
    expect(table).toHaveLength(28);
    expect(table).toEqual(terminal);
    const head = await opened.page.$$eval("thead th", (cells) => cells.map((cell) => cell.textContent));
    expect(head).toEqual(["attempt", "delay (jittered range)", "total wait (range)", "linear", "linear total", "sample", "sample total", "uncapped"]);
    expectClean(opened);
    await opened.page.close();
  });

  it("stopped runs (issue 23, item 3): the table and the readout mark the range over the runs that retry, and a stopped sample makes no wait", async () => {
    // cenkalti, MaxElapsedTime 20 s, seed 61: the all-high run makes 6 retries, so before retry 7 some runs have
    // stopped (⊘, runs_stopped "some"); the sampled run has stopped there too (sample_ms empty, total 12,892 ms).
    const args = ["--preset", "cenkalti", "--max-elapsed", "20s", "--seed", "61"];
    const opened = await open(args);
    const csv = await csvRecords(args);
    expect(csv[6]).toMatchObject({ runs_stopped: "some", sample_ms: "", sample_cumulative_ms: "12892" });
    const table = await opened.page.$$eval("tbody tr", (rows) => rows.map((row) => Array.from(row.querySelectorAll("td"), (cell) => (cell.textContent ?? "").trim().replace(/\s+/g, " "))));
    expect(table.map((cells) => cells[1]!.endsWith("⊘"))).toEqual([false, false, false, false, false, false, true]);
    expect(table[6]![1]).toBe("2.8 s – 8.5 s ⊘");
    expect(table[6]!.slice(5, 7)).toEqual(["stopped", "12,892 ms 12.9 s"]);
    expect(table[5]![5]).not.toBe("stopped");
    await opened.page.hover('[data-attempt="7"]');
    const shown = await readout(opened.page);
    expect(shown["runsStopped"]).toBe("some");
    expect(shown["sampleMs"]).toBeUndefined();
    expect(shown.text).toContain("⊘ some runs have stopped before this retry: the range is over the runs that make it");
    expect(shown.text).toContain("sample: stopped before this retry (no wait), sample total 12,892 ms (12.9 s)");
    await opened.page.hover('[data-attempt="6"]');
    expect((await readout(opened.page)).text).not.toContain("stopped");
    expectClean(opened);
    await opened.page.close();
  });

  it("the clamp calculator: 100, 10000, 20 → 10000, clamped from 52428800; random inputs equal the CLI's raw_ms and delay_ms", async () => {
    const opened = await open(basic);
    const { page } = opened;
    for (const [name, value] of [["base", "100"], ["cap", "10000"], ["attempt", "20"]] as const) {
      await page.click(`input[name=${name}]`, { clickCount: 3 });
      await page.keyboard.type(value);
    }
    const shown = await page.$eval("[data-clamp-readout]", (element) => ({ ...(element as HTMLElement).dataset, text: element.textContent ?? "" }));
    expect(shown).toMatchObject({ rawMs: "52428800", delayMs: "10000", clamped: "true" });
    expect(shown.text).toContain("10,000 ms (10 s): the cap bites, clamped from 52,428,800 ms");
    const next = randomInts(2024);
    for (let i = 0; i < 12; i++) {
      const base = String(next(1, 3000));
      const cap = i % 4 === 0 ? "" : String(Number(base) + next(0, 500_000));
      const attempt = String(next(1, 45));
      await setInput(page, "base", base);
      await setInput(page, "cap", cap);
      await setInput(page, "attempt", attempt);
      const row = (await csvRecords(["--base", base, ...(cap === "" ? [] : ["--cap", cap]), "--attempts", `${attempt}..${attempt}`]))[0]!;
      const reading = await page.$eval("[data-clamp-readout]", (element) => ({ ...(element as HTMLElement).dataset }));
      expect(reading, `${base} ${cap} ${attempt}`).toMatchObject({ rawMs: row["raw_ms"], delayMs: row["delay_ms"], clamped: String(row["raw_ms"] !== row["delay_ms"]) });
    }
    // A cap under the base is said, not computed.
    await setInput(page, "base", "100");
    await setInput(page, "cap", "5");
    expect(await page.$eval("[data-clamp-readout]", (element) => [element.getAttribute("data-error"), element.textContent])).toEqual(["true", "cap (5 ms) must be at least the base (100 ms)"]);
    expectClean(opened);
    await page.close();
  });

  it("the clamp calculator follows a linear policy's formula (base + step · (attempt − 1))", async () => {
    const args = ["--strategy", "linear", "--base", "1s", "--step", "700", "--cap", "1m", "--attempts", "8"];
    const opened = await open(args);
    const next = randomInts(99);
    for (let i = 0; i < 6; i++) {
      const base = String(next(1, 5000));
      const attempt = String(next(1, 400));
      await setInput(opened.page, "base", base);
      await setInput(opened.page, "cap", "60000");
      await setInput(opened.page, "attempt", attempt);
      const row = (await csvRecords(["--strategy", "linear", "--step", "700", "--cap", "1m", "--base", base, "--attempts", `${attempt}..${attempt}`]))[0]!;
      expect(await opened.page.$eval("[data-clamp-readout]", (element) => ({ ...(element as HTMLElement).dataset }))).toMatchObject({ rawMs: row["raw_ms"], delayMs: row["delay_ms"] });
    }
    expectClean(opened);
    await opened.page.close();
  });

  it("the base sweep: base 1 s, five attempts → 31 s (linear 15 s); random bases equal the CLI's last totals", async () => {
    const opened = await open(["--base", "250", "--attempts", "5"]);
    const { page } = opened;
    await setInput(page, "sweep-base", "1000");
    const shown = await page.$eval("[data-sweep-readout]", (element) => ({ ...(element as HTMLElement).dataset, text: element.textContent ?? "" }));
    expect(shown).toMatchObject({ baseMs: "1000", totalMs: "31000", linearTotalMs: "15000" });
    expect(shown.text).toBe("base 1 s: attempts 1..5 wait 31 s (31,000 ms) in totallinear: 15 s (15,000 ms)");
    // The slider itself: the arrow key moves the base by its step (1 ms).
    await page.focus("input[name=sweep-base]");
    await page.keyboard.press("ArrowRight");
    expect(await page.$eval("[data-sweep-readout]", (element) => (element as HTMLElement).dataset["totalMs"])).toBe((await csvRecords(["--base", "1001", "--attempts", "5"]))[4]!["cumulative_ms"]);
    const next = randomInts(5);
    for (let i = 0; i < 10; i++) {
      const base = String(next(1, 60_000));
      await setInput(page, "sweep-base", base);
      const last = (await csvRecords(["--base", base, "--attempts", "5"]))[4]!;
      expect(await page.$eval("[data-sweep-readout]", (element) => ({ ...(element as HTMLElement).dataset }))).toMatchObject({
        baseMs: base,
        totalMs: last["cumulative_ms"],
        linearTotalMs: last["linear_cumulative_ms"],
      });
    }
    expectClean(opened);
    await page.close();
  });

  it("the linear/log toggle redraws the curve; hovering still reads the same values; no layout shift", async () => {
    const opened = await open(basic);
    const { page } = opened;
    const layout = () =>
      page.evaluate(() => {
        const box = (selector: string) => {
          const rect = document.querySelector(selector)!.getBoundingClientRect();
          return [rect.top, rect.height, rect.width];
        };
        return { readout: box("[data-readout]"), table: box("table"), calculator: box("[data-clamp-readout]"), height: document.documentElement.scrollHeight };
      });
    const before = await layout();
    const firstY = () => page.$eval('[data-attempt="1"]', (point) => point.getAttribute("cy"));
    const linearY = await firstY();
    expect(await page.$eval(".y-title", (title) => title.textContent)).toBe("delay (linear scale)");
    await page.click("input[name=scale][value=log]");
    expect(await page.$eval(".y-title", (title) => title.textContent)).toBe("delay (log scale)");
    expect(await firstY()).not.toBe(linearY);
    const csv = await csvRecords(basic);
    for (const attempt of [2, 9, 20]) {
      await page.hover(`[data-attempt="${attempt}"]`);
      expectScheduleReadout(await readout(page), csv[attempt - 1]!);
      expect(await layout()).toEqual(before);
    }
    expectClean(opened);
    await page.close();
  });

  it("a compare page with three policies: one curve each, one readout for all, a policy that gave up says so", async () => {
    // cenkalti without jitter stops by its 30 s MaxElapsedTime after a fixed count (issue 23, item 1: said from its stopping rule).
    const specs = ["bullmq:base=2s,jitter=0.5", "exponential:base=1s,factor=1.6,cap=2m", "cenkalti:max-elapsed=30s,jitter=0"];
    const args = ["compare", ...specs, "--attempts", "12"];
    const opened = await open(args);
    const { page } = opened;
    const csv = await csvRecords(args);
    const stop = csv.filter((row) => row["policy"] === specs[2]).length;
    expect(stop).toBeLessThan(12);
    expect(await page.$$eval(".shapes .curve", (curves) => curves.length)).toBe(3);
    expect(await page.$$eval("[data-attempt]", (points) => points.length)).toBe(12 + 12 + stop);
    const check = async (attempt: number) => {
      const lines = await page.$$eval("[data-readout] [data-policy]", (elements) =>
        elements.map((element): Record<string, string> => ({ ...(element as HTMLElement).dataset, text: element.textContent ?? "" })),
      );
      expect(lines.map((line) => line["policy"])).toEqual(specs);
      for (const line of lines) {
        const row = csv.find((record) => record["policy"] === line["policy"] && record["attempt"] === String(attempt));
        if (row === undefined) {
          expect(line.text).toContain(`no retry (gave up after attempt ${stop})`);
        } else {
          expect(line).toMatchObject({ delayMs: row["delay_ms"], cumulativeMs: row["cumulative_ms"] });
        }
      }
    };
    for (const attempt of [1, 5, stop, 12]) {
      await page.hover(`[data-attempt="${attempt}"]`);
      expect((await readout(page))["shownAttempt"]).toBe(String(attempt));
      await check(attempt);
    }
    await page.$eval("svg[data-chart]", (svg) => (svg as SVGSVGElement).focus());
    await page.keyboard.press("Home");
    await check(1);
    await page.keyboard.press("ArrowRight");
    await check(2);
    expect(await page.$$eval("tbody tr", (rows) => rows.length)).toBe(12);
    expect(await page.$eval("[data-command]", (code) => code.textContent)).toBe(`backoff ${args.join(" ")}`);
    expectClean(opened);
    await page.close();
  });

  it("the compare legend draws what the chart draws: each jittered policy's band in its own colour (issue 23, item 7)", async () => {
    // fixed has no jitter; sidekiq (rand(10) × (count + 1)) and grpc (±20 %) do: the second and third colours.
    const specs = ["fixed:base=1s", "sidekiq", "grpc"];
    const opened = await open(["compare", ...specs, "--attempts", "5"]);
    const { page } = opened;
    const fills = (selector: string) => page.$$eval(selector, (elements) => elements.map((element) => getComputedStyle(element).fill));
    const drawn = await fills(".shapes .series .band");
    expect(drawn).toHaveLength(2);
    // Each policy's own legend item: a band behind its line exactly when the chart draws one, in that band's colour.
    const items = await page.$$eval(".legend li[class^=s]", (elements) =>
      elements.map((element) => ({ name: element.textContent, bands: Array.from(element.querySelectorAll(".swatch-band"), (band) => getComputedStyle(band).fill) })),
    );
    expect(items).toEqual([
      { name: "fixed:base=1s", bands: [] },
      { name: "sidekiq", bands: [drawn[0]] },
      { name: "grpc", bands: [drawn[1]] },
    ]);
    // The shared "jitter range" item: one band per jittered policy, in the chart's colours, none in the first colour (fixed's).
    const shared = await page.$$eval(".legend li:not([class])", (elements) =>
      elements.filter((element) => element.textContent?.startsWith("jitter range")).map((element) => Array.from(element.querySelectorAll(".swatch-band"), (band) => getComputedStyle(band).fill)),
    );
    expect(shared).toEqual([drawn]);
    const line = await page.$eval(".shapes .series.s0 .curve", (curve) => getComputedStyle(curve).stroke);
    expect(drawn).not.toContain(line);
    expectClean(opened);
    await page.close();
  });

  it("a compare page: a policy without retries and one that never gives up are read as their stopping rules say", async () => {
    const opened = await open(["compare", "bullmq", "grpc:attempts=3", "fixed:base=2s,attempts=5"]);
    const { page } = opened;
    await page.hover('[data-attempt="4"]');
    const lines = await page.$$eval("[data-readout] [data-policy]", (elements) => elements.map((element) => element.textContent));
    expect(lines).toEqual(["bullmq: no retry (it makes none)", "grpc:attempts=3: not shown", expect.stringContaining("fixed:base=2s,attempts=5: delay 2,000 ms")]);
    expect(await page.$eval(".summary", (element) => element.textContent)).toContain("grpc:attempts=3 retries forever (connection backoff never gives up).");
    expectClean(opened);
    await page.close();
  });

  it("10,000 attempts: the page loads clean and its readout follows the pointer", async () => {
    const opened = await open(["--base", "1s", "--cap", "1h", "--attempts", "10000", "--jitter", "0.2"]);
    const { page } = opened;
    expect(await page.$$eval("[data-attempt]", (points) => points.length)).toBe(10_000);
    // How fast the readout answers a pointer is measured in `npm run bench` (bench-page.mjs), not here.
    await page.hover('[data-attempt="5000"]');
    const row = (await csvRecords(["--base", "1s", "--cap", "1h", "--attempts", "5000..5000", "--jitter", "0.2"]))[0]!;
    expect(await readout(page)).toMatchObject({ shownAttempt: "5000", delayMs: row["delay_ms"], minMs: row["min_ms"], maxMs: row["max_ms"], cumulativeMs: row["cumulative_ms"] });
    // The table grows as it scrolls (500 rows at a time), and holds every row before printing.
    const rowCount = () => page.$$eval("tbody tr", (rows) => rows.length);
    expect(await rowCount()).toBe(500);
    expect(await page.$eval("[data-rows-status]", (status) => status.textContent)).toBe("Rows 1 to 500 of 1 to 10,000: scroll the table for more.");
    await page.$eval(".table-wrap", (wrap) => wrap.scrollTo(0, wrap.scrollHeight));
    await page.waitForFunction(() => document.querySelectorAll("tbody tr").length === 1000);
    await page.evaluate(() => window.dispatchEvent(new Event("beforeprint")));
    expect(await rowCount()).toBe(10_000);
    expect(await page.$eval("tbody tr:last-child td", (cell) => cell.textContent)).toBe("10,000");
    expect(await page.$eval("[data-rows-status]", (status) => status.textContent)).toBe("");
    expectClean(opened);
    await page.close();
  }, 180_000);

  it("light and dark, and print: controls hidden, the whole table shown", async () => {
    const opened = await open(basic);
    const { page } = opened;
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: "light" }]);
    expect(await background()).toBe("rgb(255, 255, 255)");
    await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: "dark" }]);
    expect(await background()).toBe("rgb(21, 22, 26)");
    await page.emulateMediaType("print");
    expect(await page.$eval(".toolbar", (toolbar) => getComputedStyle(toolbar).display)).toBe("none");
    expect(await page.$eval("[data-copy]", (button) => getComputedStyle(button).display)).toBe("none");
    expect(await page.$eval(".table-wrap", (wrap) => getComputedStyle(wrap).maxHeight)).toBe("none");
    expect(await background()).toBe("rgb(255, 255, 255)");
    expectClean(opened);
    await page.close();
  });

  it("a screenshot of a page (BACKOFF_SCREENSHOT=update writes docs/images/html-page.png)", async () => {
    const opened = await open(["--base", "1s", "--cap", "30s", "--attempts", "12", "--jitter", "full"], { width: 1000, height: 1400 });
    const { page } = opened;
    await page.hover('[data-attempt="7"]');
    const update = process.env["BACKOFF_SCREENSHOT"] === "update";
    const dir = update ? join(root, "docs/images") : tempDir("shot");
    mkdirSync(dir, { recursive: true });
    const file = join(dir, "html-page.png");
    const png = Buffer.from(await page.screenshot({ clip: { x: 0, y: 0, width: 1000, height: 1400 } }));
    writeFileSync(file, png);
    // A PNG of 1000 × 1400 pixels (its IHDR: width and height after the signature).
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1000, 1400]);
    const committed = join(root, "docs/images/html-page.png");
    expect(existsSync(committed)).toBe(true);
    expect(readFileSync(committed).subarray(1, 4).toString("latin1")).toBe("PNG");
    expectClean(opened);
    await page.close();
  });
});
