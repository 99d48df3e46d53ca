import { describe, expect, it } from "vitest";
import { run } from "../../../src/cli/run.js";
import { MAX_TABLE_ROWS } from "../../../src/cli/shared/table-rows.js";
import { MemoryStream, memoryIo } from "../../support/io.js";
import { runCli } from "../../support/cli.js";

const refusal = (rows: string, range: string) =>
  `error: a table shows at most 100,000 rows, got ${rows} (attempts ${range}); use --format csv or --format tsv, which stream any length, or --attempts A..B for the part to read\n`;

describe("a table of more than 100,000 rows", () => {
  it("is refused before anything is written: one line, exit 2", async () => {
    expect(MAX_TABLE_ROWS).toBe(100_000);
    expect(await runCli(["--attempts", "100000000"])).toEqual({ code: 2, stdout: "", stderr: refusal("100,000,000", "1..100000000") });
    // 100,005 − 5 + 1 = 100,001 rows: one too many, wherever the range starts.
    expect(await runCli(["--attempts", "5..100005", "--cap", "1m"])).toEqual({ code: 2, stdout: "", stderr: refusal("100,001", "5..100005") });
    expect(await runCli(["--preset", "grpc", "--attempts", "1..100001"])).toEqual({ code: 2, stdout: "", stderr: refusal("100,001", "1..100001") });
    expect(await runCli(["compare", "grpc", "bullmq", "--attempts", "1..100001"])).toEqual({ code: 2, stdout: "", stderr: refusal("100,001", "1..100001") });
    // --chart draws under the table, so the table's limit comes first.
    expect(await runCli(["--attempts", "1..100001", "--chart"])).toEqual({ code: 2, stdout: "", stderr: refusal("100,001", "1..100001") });
  });

  it("but exactly 100,000 rows are drawn, and CSV and TSV stream any length", async () => {
    // A reader that goes away after 5,000 characters (| head): exit 0, the table's first rows.
    const head = { stdoutLimit: 5000 };
    const table = await runCli(["--attempts", "5..100004", "--cap", "1m"], head);
    expect(table.code).toBe(0);
    expect(table.stdout.split("\n")[3]).toMatch(/^│\s+5 │ 16,000 ms {2}16 s /); // 1 s × 2^4
    for (const format of ["csv", "tsv"]) {
      const piped = await runCli(["--attempts", "100000000", "--cap", "1m", "--format", format], head);
      expect(piped).toMatchObject({ code: 0, stderr: "" });
      expect(piped.stdout.split("\n")[1]).toBe(format === "csv" ? "1,1000,1000,1000,1000,1000" : "1\t1000\t1000\t1000\t1000\t1000");
    }
  });
});

/** A stdout that keeps every write apart. */
class ChunkStream extends MemoryStream {
  readonly chunks: string[] = [];
  override write(chunk: string | Uint8Array): boolean {
    this.chunks.push(String(chunk));
    return super.write(chunk);
  }
}

describe("a long table streams", () => {
  it("in pieces of whole lines, the first with the header and the first rows only, every line as wide as the header", { timeout: 60_000 }, async () => {
    const stdout = new ChunkStream();
    // 6,000 rows: past the 5,000 that are measured first, so the widths come from the last row.
    expect(await run(["--attempts", "1..6000", "--cap", "1h"], { ...memoryIo(), stdout })).toBe(0);
    const { chunks } = stdout;
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) expect(chunk.endsWith("\n")).toBe(true);
    const first = chunks[0]!.split("\n");
    expect(first[0]).toMatch(/^┌─+┬/);
    expect(first[1]).toMatch(/^│ attempt │ delay +│ total wait +│ linear +│ linear total +│ uncapped +│$/);
    expect(first[2]).toMatch(/^├─+┼/);
    expect(first[3]).toMatch(/^│\s+1 │ 1,000 ms {2}1 s\s+│ 1,000 ms {2}1 s\s+│ 1 s\s+│ 1 s\s+│\s+│$/);
    expect(chunks[0]).not.toContain("└");
    const all = chunks.join("");
    const lines = all.split("\n");
    const tableLines = lines.filter((line) => /^[│┌├└]/.test(line));
    expect(tableLines).toHaveLength(3 + 6000 + 1);
    expect(new Set(tableLines.map((line) => line.length)).size).toBe(1);
    expect(tableLines.filter((line) => line.startsWith("├"))).toHaveLength(1); // no rule where one chunk meets the next
    expect(chunks.at(-1)).toContain("Total wait after attempt 6000");
  });
});
