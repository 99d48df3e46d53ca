/** Words wrapped to `width` columns (a word longer than the width is cut). */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (let word of text.split(" ")) {
    while (word.length > width) {
      if (line !== "") lines.push(line);
      lines.push(word.slice(0, width));
      word = word.slice(width);
      line = "";
    }
    if (line === "") line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== "") lines.push(line);
  return lines;
}

/** Items joined by two spaces, wrapped between items (an item wider than the line is wrapped by words). */
export function wrapItems(items: readonly string[], width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const item of items) {
    if (line === "") line = item;
    else if (line.length + 2 + item.length <= width) line += `  ${item}`;
    else {
      lines.push(line);
      line = item;
    }
    if (line.length > width) {
      const wrapped = wrapText(line, width);
      line = wrapped.pop() ?? "";
      lines.push(...wrapped);
    }
  }
  if (line !== "") lines.push(line);
  return lines;
}
