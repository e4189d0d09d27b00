/**
 * Pins the knowledge entry format of src/core/knowledge/markdown.ts: the four front matter fields
 * (id, domain in hd|astrology|bazi, title, bracketed keys), the body and its `## ` sections, the
 * errors that name the offending file (missing field, bad domain, unclosed front matter, ...), and
 * the loader's deterministic order and duplicate-id rejection.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KnowledgeFormatError, loadKnowledgeDir, parseEntry } from '../../../src/core/knowledge/index.js';

const entry = (frontMatter: string, body = 'Some body text.'): string =>
  `---\n${frontMatter}\n---\n${body}\n`;
const VALID_FRONT =
  'id: gate:41\ndomain: hd\ntitle: Gate 41 — Contraction\nkeys: [gate:41, center:root, channel:30-41]';

const expectFormatError = (text: string, file: string, fragment: RegExp): void => {
  let caught: unknown;
  try {
    parseEntry(text, file);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(KnowledgeFormatError);
  const error = caught as KnowledgeFormatError;
  expect(error.file).toBe(file);
  expect(error.message).toContain(file);
  expect(error.message).toMatch(fragment);
};

describe('parseEntry', () => {
  it('reads the four fields, the body and the ## sections', () => {
    const body =
      'Intro line.\n\n## Defined\nSteady energy.\n\n## Open\nSampling others.\n### Detail\nStill open.';
    const parsed = parseEntry(entry(VALID_FRONT, body), 'hd/gates/41.md');
    expect(parsed).toEqual({
      id: 'gate:41',
      domain: 'hd',
      title: 'Gate 41 — Contraction',
      keys: ['gate:41', 'center:root', 'channel:30-41'],
      tags: [],
      body,
      sections: { Defined: 'Steady energy.', Open: 'Sampling others.\n### Detail\nStill open.' },
      file: 'hd/gates/41.md',
    });
  });

  it('accepts CRLF line ends, a byte-order mark, quoted values and an empty keys list', () => {
    const text =
      '\uFEFF---\r\nid: "sign:aries"\r\ndomain: astrology\r\ntitle: \'Aries\'\r\nkeys: []\r\n---\r\nBody.\r\n';
    const parsed = parseEntry(text, 'astrology/aries.md');
    expect(parsed.id).toBe('sign:aries');
    expect(parsed.domain).toBe('astrology');
    expect(parsed.title).toBe('Aries');
    expect(parsed.keys).toEqual([]);
    expect(parsed.body).toBe('Body.');
  });

  it('does not treat ## inside a code fence as a heading', () => {
    const parsed = parseEntry(entry(VALID_FRONT, '## A\n```\n## not a heading\n```\n## B\nb'), 'x.md');
    expect(Object.keys(parsed.sections)).toEqual(['A', 'B']);
  });

  it('rejects a missing id', () => {
    expectFormatError(entry('domain: hd\ntitle: T\nkeys: [gate:1]'), 'missing-id.md', /"id" is missing/);
  });

  it('rejects a domain outside hd|astrology|bazi', () => {
    expectFormatError(
      entry('id: gate:1\ndomain: tarot\ntitle: T\nkeys: [gate:1]'),
      'bad-domain.md',
      /domain "tarot"/,
    );
  });

  it('rejects unclosed front matter', () => {
    expectFormatError(
      '---\nid: gate:1\ndomain: hd\ntitle: T\nkeys: [gate:1]\nBody',
      'unclosed.md',
      /unclosed/,
    );
  });

  it('rejects a file without front matter', () => {
    expectFormatError('# Just Markdown\n', 'plain.md', /missing front matter/);
  });

  it('rejects keys that are not a bracketed list of ids', () => {
    expectFormatError(entry('id: gate:1\ndomain: hd\ntitle: T\nkeys: gate:1'), 'k1.md', /bracketed list/);
    expectFormatError(entry('id: gate:1\ndomain: hd\ntitle: T\nkeys: [gate:1, Gate 2]'), 'k2.md', /"Gate 2"/);
    expectFormatError(entry('id: gate:1\ndomain: hd\ntitle: T\nkeys: [gate:1, gate:1]'), 'k3.md', /twice/);
  });

  it('rejects an id that is not kind:value', () => {
    expectFormatError(entry('id: Gate 41\ndomain: hd\ntitle: T\nkeys: []'), 'bad-id.md', /id "Gate 41"/);
  });

  it('rejects unknown, repeated and malformed front matter lines', () => {
    expectFormatError(
      entry(`${VALID_FRONT}\nlabels: [x:y]`),
      'unknown.md',
      /unknown front matter field "labels"/,
    );
    expectFormatError(entry(`${VALID_FRONT}\ntitle: Again`), 'repeat.md', /"title" repeated/);
    expectFormatError(entry(`${VALID_FRONT}\njust words`), 'line.md', /not "name: value"/);
  });

  it('reads optional tags and names the line of a malformed one', () => {
    const parsed = parseEntry(entry(`${VALID_FRONT}\ntags: [open center, 6/2]`), 'tags.md');
    expect(parsed.tags).toEqual(['open center', '6/2']);
    let caught: KnowledgeFormatError | undefined;
    try {
      parseEntry(entry(`${VALID_FRONT}\ntags: [Open Center]`), 'bad-tags.md');
    } catch (error) {
      caught = error as KnowledgeFormatError;
    }
    expect(caught?.line).toBe(6);
    expect(caught?.reason).toMatch(/tags entry "Open Center"/);
  });

  it('names the line of a repeated section heading', () => {
    let caught: KnowledgeFormatError | undefined;
    try {
      parseEntry(entry(VALID_FRONT, '\nIntro.\n## Open\na\n## Open\nb'), 'twice.md');
    } catch (error) {
      caught = error as KnowledgeFormatError;
    }
    // Front matter is lines 1-6, a blank line 7, the intro line 8, the repeat at line 11.
    expect(caught?.line).toBe(11);
  });

  it('rejects an empty body and a repeated section heading', () => {
    expectFormatError(entry(VALID_FRONT, ''), 'empty.md', /no body/);
    expectFormatError(entry(VALID_FRONT, '## Open\na\n## Open\nb'), 'twice.md', /"## Open" appears twice/);
  });
});

describe('loadKnowledgeDir', () => {
  let root: string;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'knowledge-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const put = async (relative: string, text: string): Promise<void> => {
    await mkdir(join(root, relative, '..'), { recursive: true });
    await writeFile(join(root, relative), text);
  };

  it('reads *.md recursively in code-unit path order and ignores other and hidden files', async () => {
    await put('hd/gates/b.md', entry('id: gate:2\ndomain: hd\ntitle: B\nkeys: [gate:2]'));
    await put('hd/gates/a.md', entry('id: gate:1\ndomain: hd\ntitle: A\nkeys: [gate:1]'));
    await put('hd/Z.md', entry('id: type:projector\ndomain: hd\ntitle: Z\nkeys: []'));
    await put('astrology/aries.md', entry('id: sign:aries\ndomain: astrology\ntitle: Aries\nkeys: []'));
    await put('hd/notes.txt', 'not markdown');
    await put('.drafts/x.md', 'not even front matter');
    const entries = await loadKnowledgeDir(root);
    expect(entries.map((e) => e.id)).toEqual(['sign:aries', 'type:projector', 'gate:1', 'gate:2']);
    expect(entries[0]?.file).toBe(join(root, 'astrology', 'aries.md'));
  });

  it('rejects an id defined by two files, naming both', async () => {
    await put('one.md', entry('id: gate:1\ndomain: hd\ntitle: A\nkeys: []'));
    await put('two.md', entry('id: gate:1\ndomain: hd\ntitle: B\nkeys: []'));
    await expect(loadKnowledgeDir(root)).rejects.toThrow(
      /two\.md: duplicate id "gate:1" \(already defined in .*one\.md\)/,
    );
  });

  it('reports the malformed file', async () => {
    await put('bad.md', '---\nid: gate:1\n');
    await expect(loadKnowledgeDir(root)).rejects.toThrow(/bad\.md: unclosed front matter/);
  });

  it('fails on a missing folder instead of returning nothing', async () => {
    await expect(loadKnowledgeDir(join(root, 'absent'))).rejects.toBeInstanceOf(KnowledgeFormatError);
  });
});
