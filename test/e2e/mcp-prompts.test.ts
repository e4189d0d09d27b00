/**
 * MCP prompts, completions and the knowledge base as resources, through the official SDK client
 * against the real service. Expected behaviour: MCP 2025-11-25 prompts (prompts/list, prompts/get
 * with arguments), completion/complete (ref/prompt and ref/resource, at most 100 values) and resource
 * templates (RFC 6570 `svc://knowledge/{domain}/{id}`). Facts: "Lond" completes to London, England
 * first, as the city search of /api/locations ranks it (GeoNames population order); every knowledge
 * id of the knowledge folder reads back as its Markdown.
 */
import { describe, expect, it } from 'vitest';
import { PROMPTS } from '../../src/prompts/index.js';
import { TOOLS } from '../../src/tools/index.js';
import { serviceWithMcpClient } from '../helpers/mcp.js';
import { authHeaders, sharedKnowledge } from '../helpers/service.js';

const live = serviceWithMcpClient();

const TOOL_NAMES = new Set(TOOLS.map((t) => t.name));
const BIRTH = {
  birthDate: '1990-06-22',
  birthTime: '14:30',
  birthLocation: 'London, England, United Kingdom',
};
const SAMPLE_ARGS: Record<string, Record<string, string>[]> = {
  read_chart: [
    BIRTH,
    { ...BIRTH, system: 'astrology' },
    { ...BIRTH, system: 'bazi' },
    { ...BIRTH, system: 'bazi', gender: 'female' },
  ],
  relationship_reading: [
    {
      ...BIRTH,
      birthDate1: '1988-01-05',
      birthTime1: '06:10',
      birthLocation1: 'Paris, Île-de-France, France',
    },
  ],
  month_transits: [{ ...BIRTH, month: '2026-02' }],
  explain_term: [{ term: 'Open Ajna' }, { term: 'Mars in the 7th house', system: 'astrology' }],
};

const complete = async (
  ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string },
  name: string,
  value: string,
  context?: Record<string, string>,
) =>
  (
    await live.client.complete({
      ref,
      argument: { name, value },
      ...(context ? { context: { arguments: context } } : {}),
    })
  ).completion;

describe('prompts', () => {
  it('lists reading one chart, a relationship, a month of transits and explaining a term', async () => {
    const { prompts } = await live.client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual([
      'read_chart',
      'relationship_reading',
      'month_transits',
      'explain_term',
    ]);
    const read = prompts.find((p) => p.name === 'read_chart')!;
    expect(read.arguments!.map((a) => [a.name, a.required])).toEqual([
      ['birthDate', true],
      ['birthTime', true],
      ['birthLocation', true],
      ['system', false],
      ['gender', false],
    ]);
    for (const a of prompts.flatMap((p) => p.arguments ?? [])) expect(a.description, a.name).toBeTruthy();
  });

  it('every prompt message names the tools to call, and every tool it names exists', async () => {
    for (const prompt of PROMPTS) {
      for (const args of SAMPLE_ARGS[prompt.name]!) {
        const got = await live.client.getPrompt({ name: prompt.name, arguments: args });
        const text = got.messages.map((m) => (m.content.type === 'text' ? m.content.text : '')).join('\n');
        const expected = prompt.tools(args);
        expect(expected.length, prompt.name).toBeGreaterThan(0);
        for (const tool of expected) {
          expect(TOOL_NAMES.has(tool), tool).toBe(true);
          expect(text, `${prompt.name} names ${tool}`).toContain(tool);
        }
        // Any snake_case word in the text that looks like a tool is one.
        for (const [word] of text.matchAll(/\b(?:get|generate|validate|query|multi)_[a-z_]+\b/g))
          expect(TOOL_NAMES.has(word), `${prompt.name}: ${word}`).toBe(true);
        for (const value of Object.values(args)) expect(text).toContain(value);
      }
    }
  });

  it('fills the calls from the arguments: the BaZi chart with its gender, the month as its first and last day', async () => {
    const bazi = await live.client.getPrompt({
      name: 'read_chart',
      arguments: { ...BIRTH, system: 'bazi', gender: 'male' },
    });
    const text = (bazi.messages[0]!.content as { text: string }).text;
    expect(text).toContain(
      'get_bazi_chart with birthDate="1990-06-22", birthTime="14:30", birthLocation="London, England, United Kingdom", gender="male"',
    );
    const noGender = await live.client.getPrompt({
      name: 'read_chart',
      arguments: { ...BIRTH, system: 'bazi' },
    });
    expect((noGender.messages[0]!.content as { text: string }).text).toMatch(/ask me for it first/);
    const month = await live.client.getPrompt({
      name: 'month_transits',
      arguments: { ...BIRTH, month: '2024-02' },
    });
    expect((month.messages[0]!.content as { text: string }).text).toContain(
      'startDate="2024-02-01", endDate="2024-02-29"',
    );
  });

  it('refuses arguments out of form, naming the argument', async () => {
    await expect(
      live.client.getPrompt({ name: 'read_chart', arguments: { ...BIRTH, birthDate: '22/06/1990' } }),
    ).rejects.toThrow(/birthDate/);
    await expect(
      live.client.getPrompt({ name: 'month_transits', arguments: { ...BIRTH, month: '2026-13' } }),
    ).rejects.toThrow(/month/);
  });
});

describe('completion/complete', () => {
  it('completes "Lond" to London, England, United Kingdom first, as /api/locations ranks it', async () => {
    const done = await complete({ type: 'ref/prompt', name: 'read_chart' }, 'birthLocation', 'Lond');
    expect(done.values[0]).toBe('London, England, United Kingdom');
    const rest = await fetch(`${live.svc.url}/api/locations?q=Lond&limit=10`, {
      headers: authHeaders(live.svc.key),
    });
    const body = (await rest.json()) as { data: { results?: { value: string }[] } | { value: string }[] };
    const ranked = (Array.isArray(body.data) ? body.data : body.data.results!).map((r) => r.value);
    expect(done.values).toEqual(ranked);
    const second = await complete(
      { type: 'ref/prompt', name: 'relationship_reading' },
      'birthLocation1',
      'Pari',
    );
    expect(second.values[0]).toBe('Paris, Île-de-France, France');
  });

  it('completes systems, genders, months and terms', async () => {
    expect((await complete({ type: 'ref/prompt', name: 'read_chart' }, 'system', 'a')).values).toEqual([
      'astrology',
    ]);
    expect((await complete({ type: 'ref/prompt', name: 'read_chart' }, 'system', '')).values).toEqual([
      'hd',
      'astrology',
      'bazi',
    ]);
    expect((await complete({ type: 'ref/prompt', name: 'read_chart' }, 'gender', 'f')).values).toEqual([
      'female',
    ]);
    const months = (await complete({ type: 'ref/prompt', name: 'month_transits' }, 'month', '2027')).values;
    expect(months).toEqual(Array.from({ length: 12 }, (_, i) => `2027-${String(i + 1).padStart(2, '0')}`));
    expect((await complete({ type: 'ref/prompt', name: 'month_transits' }, 'month', '')).values).toHaveLength(
      12,
    );
    const terms = (await complete({ type: 'ref/prompt', name: 'explain_term' }, 'term', 'ajna')).values;
    expect(terms[0]).toBe('Ajna Center');
    const gates = (await complete({ type: 'ref/prompt', name: 'explain_term' }, 'term', 'Gate 34')).values;
    expect(gates[0]).toMatch(/^Gate 34 — /);
    const mars = (
      await complete({ type: 'ref/prompt', name: 'explain_term' }, 'term', 'mars', { system: 'astrology' })
    ).values;
    expect(mars.length).toBeGreaterThan(1);
    expect(mars.length).toBeLessThanOrEqual(100);
  });
});

describe('knowledge as resources', () => {
  const ref = { type: 'ref/resource' as const, uri: 'svc://knowledge/{domain}/{id}' };

  it('lists the template, and the articles after the two reference resources', async () => {
    const { resourceTemplates } = await live.client.listResourceTemplates();
    expect(resourceTemplates).toEqual([
      expect.objectContaining({
        name: 'knowledge',
        uriTemplate: 'svc://knowledge/{domain}/{id}',
        mimeType: 'text/markdown',
      }),
    ]);
    const { resources } = await live.client.listResources();
    expect(resources.slice(0, 2).map((r) => r.uri)).toEqual([
      'svc://reference/terminology',
      'svc://reference/chart-fields',
    ]);
    const authorities = resources.find((r) => r.uri === 'svc://knowledge/hd/article:hd:authorities')!;
    expect(authorities).toMatchObject({
      mimeType: 'text/markdown',
      title: expect.stringMatching(/Inner Authority/),
    });
    expect(authorities.description).toMatch(/^Inner authority names the part of the body/);
  });

  it('completes {domain} and {id}: "gate:3" gives gate 3 and gates 30-39, within the named domain', async () => {
    expect((await complete(ref, 'domain', 'b')).values).toEqual(['bazi']);
    const gates = (await complete(ref, 'id', 'gate:3', { domain: 'hd' })).values;
    expect(gates.slice().sort()).toEqual(
      ['gate:3', ...Array.from({ length: 10 }, (_, i) => `gate:3${i}`)].sort(),
    );
    const mars = (await complete(ref, 'id', 'planet:ma', { domain: 'astrology' })).values;
    expect(mars).toEqual(['planet:mars']);
    expect((await complete(ref, 'id', 'planet:ma', { domain: 'hd' })).values).toEqual([]);
    expect((await complete(ref, 'id', '', { domain: 'hd' })).values).toHaveLength(100);
  });

  it('reads every knowledge id through the template as Markdown', async () => {
    const knowledge = await sharedKnowledge();
    expect(knowledge.entries.length).toBeGreaterThan(600);
    const entries = [...knowledge.entries];
    for (let i = 0; i < entries.length; i += 25) {
      await Promise.all(
        entries.slice(i, i + 25).map(async (e) => {
          const uri = `svc://knowledge/${e.domain}/${e.id}`;
          const { contents } = await live.client.readResource({ uri });
          expect(contents, uri).toEqual([
            { uri, mimeType: 'text/markdown', text: `# ${e.title}\n\n${e.body}\n` },
          ]);
        }),
      );
    }
  });

  it('answers an unknown id, or an id under another domain, as not found', async () => {
    await expect(live.client.readResource({ uri: 'svc://knowledge/hd/gate:65' })).rejects.toThrow(
      /not found/i,
    );
    await expect(live.client.readResource({ uri: 'svc://knowledge/astrology/gate:34' })).rejects.toThrow(
      /not found/i,
    );
  });
});
