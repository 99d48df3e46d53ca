/**
 * The one escaper of the HTML page and the SVG drawings: text made safe inside an element
 * or a double- or single-quoted attribute, its &, <, >, " and ' written as references.
 * The apostrophe is written as each document always has: &apos; in XML (SVG), &#39; in
 * HTML, which had no &apos; before HTML5.
 */
function escaper(apostrophe: string): (text: string) => string {
  const references: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": apostrophe };
  return (text) => text.replace(/[&<>"']/g, (char) => references[char]!);
}

/** Text for HTML (the page, and the rows its script draws). */
export const escapeHtml = escaper("&#39;");

/** Text for XML (the SVG drawings). */
export const escapeXml = escaper("&apos;");
