// The HTML page's response to a pointer, for `npm run bench` (bench.mjs): the readout of a
// 10,000-attempt page is updated inside the pointermove event itself, so the time one
// dispatch takes is the latency a person sees. Measured in Debian's chromium through
// puppeteer-core, as the browser tests drive it; null when there is no chromium.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import puppeteer from "puppeteer-core";

const CHROMIUM = process.env["BACKOFF_CHROMIUM"] ?? "/usr/bin/chromium";
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/**
 * Milliseconds per pointermove on the given page: the median and the 95th percentile of 200
 * moves after a first one (which pays for the page's lazy set-up).
 * @param {string} html
 * @returns {Promise<{ median: number; p95: number } | null>}
 */
export async function pointerLatency(html) {
  if (!existsSync(CHROMIUM)) return null;
  const dir = mkdtempSync(join(tmpdir(), "backoff-bench-page-"));
  const file = join(dir, "page.html");
  writeFileSync(file, html);
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, userDataDir: join(dir, "profile"), args: FLAGS });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1100, height: 900 });
    await page.goto(`file://${file}`, { waitUntil: "load" });
    await page.waitForSelector("html[data-ready=true]", { timeout: 10_000 });
    const times = await page.evaluate(() => {
      const svg = /** @type {SVGSVGElement} */ (document.querySelector("svg[data-chart]"));
      const box = svg.getBoundingClientRect();
      /** @param {number} fraction */
      const move = (fraction) => svg.dispatchEvent(new PointerEvent("pointermove", { clientX: box.left + fraction * box.width, clientY: box.top + box.height / 2, bubbles: true }));
      move(0.5);
      /** @type {number[]} */
      const spent = [];
      for (let i = 0; i < 200; i++) {
        const started = performance.now();
        move(((i * 37) % 100) / 100);
        spent.push(performance.now() - started);
      }
      return spent.sort((a, b) => a - b);
    });
    return { median: /** @type {number} */ (times[100]), p95: /** @type {number} */ (times[190]) };
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
