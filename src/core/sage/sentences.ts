/** A Markdown list item: `- `, `* ` or `1. `. */
export const LIST_ITEM = /^([-*]|\d+\.)\s/;

/**
 * The sentences and list items of a passage, in order, Markdown emphasis kept. A list item stays
 * whole (with its continuation lines), so an answer can keep the list as a list.
 */
export function sentences(body: string): string[] {
  const out: string[] = [];
  for (const block of body.split(/\n\s*\n/)) {
    const lines = block
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    if (lines.length === 0) continue;
    if (LIST_ITEM.test(lines[0]!)) {
      // Lines that do not start an item continue the one before.
      let item = '';
      for (const line of lines) {
        if (LIST_ITEM.test(line)) {
          if (item) out.push(item);
          item = line;
        } else item = item ? `${item} ${line}` : line;
      }
      if (item) out.push(item);
      continue;
    }
    // A paragraph that leads into a list on the next lines ("Each type has a strategy:\n- ...").
    const firstItem = lines.findIndex((l) => LIST_ITEM.test(l));
    const prose = (firstItem === -1 ? lines : lines.slice(0, firstItem)).join(' ');
    // Split after . ! ? followed by a capital, keeping abbreviations like "e.g." together.
    out.push(...prose.split(/(?<=[.!?])\s+(?=[A-Z*"(])/).filter(Boolean));
    if (firstItem !== -1) out.push(...sentences(lines.slice(firstItem).join('\n')));
  }
  return out;
}
