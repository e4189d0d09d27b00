/**
 * docs/decisions.md opens with an index by area: every `## ` section below it is linked there, and
 * every link of the index resolves to a section, so the index cannot fall behind the document. Links
 * are GitHub heading anchors (lower case, punctuation dropped, spaces as hyphens).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DOC = readFileSync(join(import.meta.dirname, '../../docs/decisions.md'), 'utf8');
const INDEX_HEADING = '## Index';

/** GitHub's anchor for a heading's text. */
const anchor = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

const start = DOC.indexOf(`\n${INDEX_HEADING}\n`);
const end = DOC.indexOf('\n## ', start + 1);
const index = DOC.slice(start, end);
const sections = [...DOC.slice(end).matchAll(/^## (.+)$/gm)].map((m) => m[1]!);
const links = [...index.matchAll(/^- \[([^\]]+)\]\(#([^)]+)\): \S/gm)].map((m) => ({
  text: m[1]!,
  to: m[2]!,
}));

describe('docs/decisions.md index', () => {
  it('comes first and links each section exactly once, with a summary', () => {
    expect(start, `${INDEX_HEADING} is missing`).toBeGreaterThan(0);
    expect(DOC.slice(0, start)).not.toMatch(/^## /m);
    expect(sections.length).toBeGreaterThan(10);
    // Grouped by area, so not in document order: compared as sets, with no section twice.
    const linked = links.map((l) => l.text);
    expect(new Set(linked).size, 'a section is linked twice').toBe(linked.length);
    expect([...linked].sort()).toEqual([...sections].sort());
  });

  it('every link resolves to a section heading', () => {
    const anchors = new Set(sections.map(anchor));
    for (const link of links) {
      expect(anchors.has(link.to), `#${link.to} (${link.text})`).toBe(true);
      expect(link.to, link.text).toBe(anchor(link.text));
    }
  });
});
