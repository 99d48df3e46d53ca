import { describe, expect, it } from "vitest";
import { escapeHtml, escapeXml } from "../../src/format/escape.js";

describe("escapeXml and escapeHtml", () => {
  it("write &, <, >, \" and ' as references, the apostrophe as XML and HTML 4 each know it", () => {
    expect(escapeXml(`<&>"' ·x`)).toBe("&lt;&amp;&gt;&quot;&apos; ·x");
    expect(escapeHtml(`<&>"' ·x`)).toBe("&lt;&amp;&gt;&quot;&#39; ·x");
  });

  it("leave other text as it is, and escape what they wrote before as text again", () => {
    expect(escapeHtml("1,600 ms – 2 s ⤒")).toBe("1,600 ms – 2 s ⤒");
    expect(escapeXml("&amp;")).toBe("&amp;amp;");
  });
});
