/**
 * The knowledge check the editors run (`npm run knowledge:check`): the bundled base passes it with
 * no error and no warning, and the folder-wide rules catch what one file's parser cannot see (the
 * per-file format errors are named file by file in test/e2e/knowledge-command.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import {
  checkKnowledgeDir,
  checkKnowledgeFiles,
  defaultKnowledgeDir,
  listMarkdown,
} from '../../../src/core/knowledge/index.js';

const entry = (id: string, domain: string, keys: string, extra = '') =>
  `---\nid: ${id}\ndomain: ${domain}\ntitle: T\nkeys: [${keys}]\n${extra}---\nBody.\n`;

describe('knowledge check', () => {
  it('passes the bundled knowledge base without an error or a warning', async () => {
    const report = await checkKnowledgeDir(defaultKnowledgeDir());
    expect(report.problems).toEqual([]);
    expect(report.entries).toBe(report.files);
    expect(report.files).toBeGreaterThan(700);
  });

  it("accepts the README's complete example beside the bundled base", async () => {
    const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8');
    const example = /### A complete entry\n\n```markdown\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(example).toBeDefined();
    const dir = defaultKnowledgeDir();
    const bundled = await checkKnowledgeDir(dir);
    expect(bundled.problems).toEqual([]);
    // Its id is taken by the bundled entry it copies, so it is checked against the others.
    const others = (await listMarkdown(dir))
      .filter((f) => !f.endsWith('planets-in-houses/mars/house-7.md'))
      .map(async (f) => ({ rel: relative(dir, f), text: await readFile(f, 'utf8') }));
    const { problems } = checkKnowledgeFiles([...(await Promise.all(others)), { rel: 'astrology/example.md', text: example! }]);
    expect(problems).toEqual([]);
  });

  it('catches an id two files use, a key no entry defines, a misplaced domain and a repeated tag', () => {
    const { problems } = checkKnowledgeFiles([
      { rel: 'hd/a.md', text: entry('gate:1', 'hd', 'gate:1, gate:2', 'tags: [x, x]\n') },
      { rel: 'hd/b.md', text: entry('gate:1', 'hd', 'gate:1') },
      { rel: 'bazi/c.md', text: entry('bazi:stem:jia', 'astrology', 'bazi:stem:jia') },
    ]);
    expect(problems.map((p) => `${p.file}:${p.line}: ${p.severity}: ${p.message}`)).toEqual([
      'bazi/c.md:3: error: domain "astrology" but the file is under bazi/',
      'hd/a.md:5: warning: keys lists "gate:2", which no entry in this folder defines',
      'hd/a.md:6: warning: tags lists "x" twice',
      'hd/b.md:2: error: duplicate id "gate:1" (already defined in hd/a.md)',
    ]);
  });
});
