/**
 * `knowledge load` (the README's `npm run knowledge:load`) run as a real process on a temporary
 * KNOWLEDGE_DIR and data directory, as a knowledge editor uses it (issue: SAGE, Loading): a new file
 * with a made-up term is loaded and SAGE then retrieves it from the store the command wrote; a change
 * is loaded as a change, a deletion removes it; a malformed file is named with its line, the rest
 * loads, and the exit code is 3 so a CI step notices.
 *
 * `knowledge check DIR` (`npm run knowledge:check`) on a folder with one broken file of each kind
 * the README's format section describes: each is named with its file and line, the good file passes,
 * nothing is written to any store, and the exit code is 3.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashEmbedder } from '../../src/core/sage/index.js';
import { Sage } from '../../src/sage/index.js';
import { openStore } from '../../src/store/index.js';

const ROOT = join(import.meta.dirname, '../..');
/** Temporary folders, each test its own, so one test's failure cannot leave another a store held open. */
const temporary: string[] = [];
afterAll(() => {
  for (const d of temporary) rmSync(d, { recursive: true, force: true });
});
function folders(): { knowledgeDir: string; dataDir: string } {
  const knowledgeDir = mkdtempSync(join(tmpdir(), 'chart-kb-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'chart-kb-data-'));
  temporary.push(knowledgeDir, dataDir);
  return { knowledgeDir, dataDir };
}

const load = ({ knowledgeDir, dataDir }: { knowledgeDir: string; dataDir: string }) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts', 'knowledge', 'load'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, KNOWLEDGE_DIR: knowledgeDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });

const article = (body: string) => `---
id: article:hd:zorblat
domain: hd
title: The Zorblat Channel
keys: [zorblat:channel]
tags: [zorblat]
---
${body}
`;

/** What SAGE retrieves first for a question, from the store the command wrote. */
async function firstPassage(
  dataDir: string,
  question: string,
): Promise<{ entryId: string; body: string } | undefined> {
  const store = await openStore({ dataDir });
  try {
    const r = await new Sage(store.sage, hashEmbedder(), null).retrieve(question);
    return r.passages[0];
  } finally {
    await store.close();
  }
}

describe('knowledge load command', () => {
  it('adds, changes and removes a file, and SAGE retrieves what it loaded', async () => {
    const dirs = folders();
    const { knowledgeDir } = dirs;
    writeFileSync(
      join(knowledgeDir, 'zorblat.md'),
      article('The zorblat channel links the quibble gate to the frandle center and brings patience.'),
    );
    const added = load(dirs);
    expect(added.status, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/1 files, 1 added, 0 changed, 0 removed, 0 unchanged/);
    expect((await firstPassage(dirs.dataDir, 'What is the zorblat channel?'))?.body).toContain('patience');

    writeFileSync(
      join(knowledgeDir, 'zorblat.md'),
      article('The zorblat channel links the quibble gate to the frandle center and brings courage.'),
    );
    const changed = load(dirs);
    expect(changed.stdout).toMatch(/0 added, 1 changed, 0 removed/);
    expect((await firstPassage(dirs.dataDir, 'What is the zorblat channel?'))?.body).toContain('courage');

    expect(load(dirs).stdout).toMatch(/0 added, 0 changed, 0 removed, 1 unchanged/);
    rmSync(join(knowledgeDir, 'zorblat.md'));
    expect(load(dirs).stdout).toMatch(/0 files, 0 added, 0 changed, 1 removed/);
    expect(await firstPassage(dirs.dataDir, 'What is the zorblat channel?')).toBeUndefined();
  }, 120_000);

  it('names a malformed file with its line, loads the rest and exits 3', () => {
    const dirs = folders();
    const { knowledgeDir } = dirs;
    writeFileSync(join(knowledgeDir, 'good.md'), article('The zorblat channel is back.'));
    writeFileSync(
      join(knowledgeDir, 'broken.md'),
      '---\nid: article:hd:broken\ndomain: hd\n\nno closing fence\n',
    );
    const r = load(dirs);
    expect(r.status, r.stderr).toBe(3);
    expect(r.stdout).toMatch(/1 added/);
    expect(r.stdout).toMatch(/Skipped malformed file broken\.md:\d+: /);
  }, 60_000);
});

/** One file per rule of the format, each broken in one way, with the line the check must name. */
const BROKEN: Record<string, [text: string, expected: string]> = {
  'no-front-matter.md': ['# Gate 99\n', 'no-front-matter.md:1: error: missing front matter'],
  'unclosed.md': ['---\nid: gate:98\ndomain: hd\n', 'unclosed.md:1: error: unclosed front matter'],
  'not-name-value.md': [
    '---\nid: gate:97\njust words\n---\nBody.\n',
    'not-name-value.md:3: error: front matter line 3',
  ],
  'unknown-field.md': [
    '---\nid: gate:96\nauthor: me\n---\nBody.\n',
    'unknown-field.md:3: error: unknown front matter field "author"',
  ],
  'repeated-field.md': [
    '---\nid: gate:95\nid: gate:94\n---\nBody.\n',
    'repeated-field.md:3: error: front matter field "id" repeated',
  ],
  'missing-keys.md': [
    '---\nid: gate:93\ndomain: hd\ntitle: T\n---\nBody.\n',
    'missing-keys.md:5: error: front matter field "keys" is missing',
  ],
  'bad-id.md': [
    '---\nid: Gate 92\ndomain: hd\ntitle: T\nkeys: []\n---\nBody.\n',
    'bad-id.md:2: error: id "Gate 92" is not an id',
  ],
  'bad-domain.md': [
    '---\nid: gate:91\ndomain: tarot\ntitle: T\nkeys: []\n---\nBody.\n',
    'bad-domain.md:3: error: domain "tarot" must be one of hd, astrology, bazi',
  ],
  'empty-title.md': [
    '---\nid: gate:90\ndomain: hd\ntitle: ""\nkeys: []\n---\nBody.\n',
    'empty-title.md:4: error: title is empty',
  ],
  'bad-keys.md': [
    '---\nid: gate:89\ndomain: hd\ntitle: T\nkeys: gate:89\n---\nBody.\n',
    'bad-keys.md:5: error: keys must be a bracketed list',
  ],
  'bad-tags.md': [
    '---\nid: gate:88\ndomain: hd\ntitle: T\nkeys: []\ntags: [Big Words]\n---\nBody.\n',
    'bad-tags.md:6: error: tags entry "Big Words" must be lower-case words',
  ],
  'no-body.md': [
    '---\nid: gate:87\ndomain: hd\ntitle: T\nkeys: []\n---\n',
    'no-body.md:7: error: the entry has no body',
  ],
  'twice.md': [
    '---\nid: gate:86\ndomain: hd\ntitle: T\nkeys: [gate:86]\n---\nIntro.\n\n## Open\nA.\n\n## Open\nB.\n',
    'twice.md:12: error: section "## Open" appears twice',
  ],
  'same-id.md': [
    '---\nid: article:hd:zorblat\ndomain: hd\ntitle: T2\nkeys: []\n---\nBody.\n',
    'same-id.md:2: error: duplicate id "article:hd:zorblat" (already defined in good.md)',
  ],
  'unknown-key.md': [
    '---\nid: gate:85\ndomain: hd\ntitle: T\nkeys: [gate:85, gate:84]\n---\nBody.\n',
    'unknown-key.md:5: warning: keys lists "gate:84", which no entry in this folder defines',
  ],
  'astrology/wrong-folder.md': [
    '---\nid: gate:83\ndomain: hd\ntitle: T\nkeys: [gate:83]\n---\nBody.\n',
    'astrology/wrong-folder.md:3: error: domain "hd" but the file is under astrology/',
  ],
  'articles/hd/bad-article-id.md': [
    // (its keys, which do not start with its id, are a warning besides)
    '---\nid: topic:x\ndomain: hd\ntitle: T\nkeys: []\n---\nBody.\n',
    "articles/hd/bad-article-id.md:2: error: an article's id is article:hd:<topic>",
  ],
};

describe('knowledge check command', () => {
  it('names every broken file with its line, passes the good one, writes nothing and exits 3', () => {
    const dir = mkdtempSync(join(tmpdir(), 'chart-kb-check-'));
    const untouched = mkdtempSync(join(tmpdir(), 'chart-kb-check-data-'));
    try {
      for (const [file, [text]] of Object.entries(BROKEN)) {
        mkdirSync(dirname(join(dir, file)), { recursive: true });
        writeFileSync(join(dir, file), text);
      }
      writeFileSync(
        join(dir, 'good.md'),
        '---\nid: article:hd:zorblat\ndomain: hd\ntitle: Zorblat\nkeys: [article:hd:zorblat]\n---\nA good entry.\n',
      );
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts', 'knowledge', 'check', dir], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: untouched, LOG_LEVEL: 'warn' },
        encoding: 'utf8',
      });
      expect(r.status, r.stderr).toBe(3);
      expect(readdirSync(untouched)).toEqual([]); // no store was opened
      const lines = r.stdout.trim().split('\n');
      for (const [file, [, expected]] of Object.entries(BROKEN)) {
        const line = lines.find((l) => l.includes(`${file}:`));
        expect(line, file).toBeDefined();
        // Paths are printed from the working directory, so an editor can open file:line.
        expect(line!.slice(line!.indexOf(file)), file).toContain(expected);
        expect(line!.startsWith(relative(ROOT, join(dir, file))), file).toBe(true);
      }
      expect(lines.some((l) => l.includes('good.md:'))).toBe(false);
      expect(lines.at(-1)).toMatch(
        new RegExp(
          `^Checked ${Object.keys(BROKEN).length + 1} files in .*: \\d+ entries, 16 errors, 2 warnings\\.$`,
        ),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(untouched, { recursive: true, force: true });
    }
  }, 60_000);
});
