/**
 * `knowledge load` (the README's `npm run knowledge:load`) run as a real process on a temporary
 * KNOWLEDGE_DIR and data directory, as a knowledge editor uses it (issue: SAGE, Loading): a new file
 * with a made-up term is loaded and SAGE then retrieves it from the store the command wrote; a change
 * is loaded as a change, a deletion removes it; a malformed file is named with its line, the rest
 * loads, and the exit code is 3 so a CI step notices.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashEmbedder } from '../../src/core/sage/index.js';
import { Sage } from '../../src/sage/index.js';
import { openStore } from '../../src/store/index.js';

const ROOT = join(import.meta.dirname, '../..');
const knowledgeDir = mkdtempSync(join(tmpdir(), 'chart-kb-'));
const dataDir = mkdtempSync(join(tmpdir(), 'chart-kb-data-'));
afterAll(() => {
  rmSync(knowledgeDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

const load = () =>
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
async function firstPassage(question: string): Promise<{ entryId: string; body: string } | undefined> {
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
    writeFileSync(
      join(knowledgeDir, 'zorblat.md'),
      article('The zorblat channel links the quibble gate to the frandle center and brings patience.'),
    );
    const added = load();
    expect(added.status).toBe(0);
    expect(added.stdout).toMatch(/1 files, 1 added, 0 changed, 0 removed, 0 unchanged/);
    expect((await firstPassage('What is the zorblat channel?'))?.body).toContain('patience');

    writeFileSync(
      join(knowledgeDir, 'zorblat.md'),
      article('The zorblat channel links the quibble gate to the frandle center and brings courage.'),
    );
    const changed = load();
    expect(changed.stdout).toMatch(/0 added, 1 changed, 0 removed/);
    expect((await firstPassage('What is the zorblat channel?'))?.body).toContain('courage');

    expect(load().stdout).toMatch(/0 added, 0 changed, 0 removed, 1 unchanged/);
    rmSync(join(knowledgeDir, 'zorblat.md'));
    expect(load().stdout).toMatch(/0 files, 0 added, 0 changed, 1 removed/);
    expect(await firstPassage('What is the zorblat channel?')).toBeUndefined();
  }, 120_000);

  it('names a malformed file with its line, loads the rest and exits 3', () => {
    writeFileSync(join(knowledgeDir, 'good.md'), article('The zorblat channel is back.'));
    writeFileSync(
      join(knowledgeDir, 'broken.md'),
      '---\nid: article:hd:broken\ndomain: hd\n\nno closing fence\n',
    );
    const r = load();
    expect(r.status).toBe(3);
    expect(r.stdout).toMatch(/1 added/);
    expect(r.stdout).toMatch(/Skipped malformed file broken\.md:\d+: /);
  }, 60_000);
});
