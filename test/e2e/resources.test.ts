/**
 * The two MCP reference resources, and the chart view MCP App, over real HTTP with the SDK client. Expected shapes: the spec's
 * "MCP reference resources" table (svc://reference/terminology: types -> text for the five types,
 * authorities -> text incl. Sacral, Emotional, Splenic, centers -> text for the nine centers;
 * svc://reference/chart-fields: keyed by type, strategy, authority, profile, definition, centers,
 * channels, personality, design, phs, variable, each {dataType, description}; read-only, no
 * parameters, the same data on every read). Type / authority / center names: human-design.md
 * sections 3.1, 4 and 5. Texts must come from knowledge/hd (one source with the tooltips).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps';
import { describe, expect, it } from 'vitest';
import { introOf } from '../../src/core/knowledge/index.js';
import { APP_MIME_TYPE } from '../../src/resources/index.js';
import { TOOLS } from '../../src/tools/index.js';
import { startService } from '../helpers/service.js';
import { connectMcp, serviceWithMcpClient } from '../helpers/mcp.js';

const live = serviceWithMcpClient();

const TERMINOLOGY = 'svc://reference/terminology';
const CHART_FIELDS = 'svc://reference/chart-fields';

async function read(uri: string): Promise<{ text: string; mimeType?: string; uri: string }> {
  const r = await live.client.readResource({ uri });
  expect(r.contents).toHaveLength(1);
  return r.contents[0] as { text: string; mimeType?: string; uri: string };
}

describe('reference resources', () => {
  it('are listed with JSON mime type', async () => {
    const { resources } = await live.client.listResources();
    for (const uri of [TERMINOLOGY, CHART_FIELDS]) {
      const r = resources.find((x) => x.uri === uri);
      expect(r, uri).toBeDefined();
      expect(r!.mimeType).toBe('application/json');
      expect(r!.description!.length).toBeGreaterThan(40);
    }
  });

  it.each([TERMINOLOGY, CHART_FIELDS])('%s returns identical bytes on every read', async (uri) => {
    const a = await read(uri);
    const b = await read(uri);
    expect(a.mimeType).toBe('application/json');
    expect(a.uri).toBe(uri);
    expect(b.text).toBe(a.text);
    // A second service (fresh deps) serves the same bytes too.
    const other = await startService();
    try {
      const c = await connectMcp(other.url, other.key);
      const r = await c.readResource({ uri });
      expect((r.contents[0] as { text: string }).text).toBe(a.text);
      await c.close();
    } finally {
      await other.close();
    }
  });

  it('terminology: five types, every authority, nine centers, texts from the knowledge base', async () => {
    const t = JSON.parse((await read(TERMINOLOGY)).text) as Record<string, Record<string, string>>;
    expect(Object.keys(t)).toEqual(['types', 'authorities', 'centers']);
    expect(Object.keys(t.types!)).toEqual([
      'Generator',
      'Manifesting Generator',
      'Projector',
      'Manifestor',
      'Reflector',
    ]);
    expect(Object.keys(t.authorities!)).toEqual(
      expect.arrayContaining([
        'Sacral',
        'Emotional',
        'Splenic',
        'Ego Manifested',
        'Ego Projected',
        'Self-Projected',
        'Mental',
        'Lunar',
      ]),
    );
    expect(Object.keys(t.authorities!)).toHaveLength(8);
    expect(Object.keys(t.centers!)).toEqual([
      'Head',
      'Ajna',
      'Throat',
      'G',
      'Heart',
      'Sacral',
      'Spleen',
      'Solar Plexus',
      'Root',
    ]);
    for (const group of Object.values(t))
      for (const text of Object.values(group)) expect(text.length).toBeGreaterThan(80);
    const kb = live.svc.service.deps.knowledge;
    expect(t.types!.Projector).toBe(introOf(kb.byId.get('type:projector')!));
    expect(t.authorities!['Solar Plexus']).toBeUndefined();
    expect(t.centers!['Solar Plexus']).toBe(introOf(kb.byId.get('center:solar-plexus')!));
    expect(t.centers!.Sacral).not.toMatch(/## /);
  });

  it('chart-fields: the spec keys, each {dataType, description} from the output schema', async () => {
    const f = JSON.parse((await read(CHART_FIELDS)).text) as Record<
      string,
      { dataType: string; description: string; path: string }
    >;
    const specKeys = [
      'type',
      'strategy',
      'authority',
      'profile',
      'definition',
      'centers',
      'channels',
      'personality',
      'design',
      'phs',
      'variable',
    ];
    expect(Object.keys(f).slice(0, specKeys.length)).toEqual(specKeys);
    for (const [k, v] of Object.entries(f)) {
      expect(typeof v.dataType, k).toBe('string');
      expect(v.description.length, k).toBeGreaterThan(20);
      expect(v.path, k).toMatch(/^data\./);
    }
    expect(f.type).toMatchObject({ dataType: 'string', path: 'data.chart.type' });
    expect(f.type!.description).toMatch(/Manifesting Generator/);
    expect(f.channels).toMatchObject({ dataType: 'array of object', path: 'data.channels' });
    expect(f.personality).toMatchObject({ dataType: 'object' });
    expect(f.variable!.description).toMatch(/PLR DLL/);
    // The same text the tool advertises in tools/list.
    const { tools } = await live.client.listTools();
    type Node = { description?: string; $ref?: string; properties?: Record<string, Node> };
    const out = tools.find((t) => t.name === 'generate_chart')!.outputSchema as Node & {
      $defs: Record<string, Node>;
    };
    expect(f.phs!.description).toBe(out.properties!.phs!.description);
    // Deeper fields are described in the full schema (tools/list lists their kinds only).
    const fullChart = TOOLS.find((t) => t.name === 'generate_chart')!.output['~standard'].jsonSchema.output({
      target: 'draft-2020-12',
    }) as Node & { $defs: Record<string, Node> };
    expect(f.profile!.description).toBe(fullChart.$defs.ChartProperties!.properties!.profile!.description);
    expect(JSON.stringify(out)).not.toContain(f.profile!.description);
  });

  it('an unknown resource is an error, not data', async () => {
    await expect(live.client.readResource({ uri: 'svc://reference/nothing' })).rejects.toThrow();
  });
});

/**
 * The MCP App (SEP-1865, io.modelcontextprotocol/ui): listed and read through the SDK client with the
 * extension's media type and its CSP on both, the committed page's bytes, and named by exactly the
 * chart tools that draw a picture (the browser tier runs the page itself: test/browser/chart-view).
 */
describe('the chart view MCP App resource', () => {
  const VIEW = 'ui://chart-service/chart-view.html';
  const MIME = 'text/html;profile=mcp-app';
  const CSP = { connectDomains: [], resourceDomains: [] };

  it("uses the extension package's own media type", () => {
    expect(MIME).toBe(RESOURCE_MIME_TYPE);
    expect(APP_MIME_TYPE).toBe(RESOURCE_MIME_TYPE);
  });

  it('is listed after the reference resources with its media type and CSP', async () => {
    const { resources } = await live.client.listResources();
    expect(resources.slice(0, 3).map((r) => r.uri)).toEqual([TERMINOLOGY, CHART_FIELDS, VIEW]);
    expect(resources[2]).toMatchObject({ mimeType: MIME, _meta: { ui: { csp: CSP, prefersBorder: true } } });
  });

  it('reads as the committed page, the same bytes each time, with its CSP on the content', async () => {
    const r = await live.client.readResource({ uri: VIEW });
    expect(r.contents).toHaveLength(1);
    const content = r.contents[0] as { uri: string; mimeType?: string; text: string; _meta?: unknown };
    expect(content).toMatchObject({ uri: VIEW, mimeType: MIME, _meta: { ui: { csp: CSP } } });
    const committed = readFileSync(join(import.meta.dirname, '../../data/app/chart-view.html'), 'utf8');
    expect(content.text).toBe(committed);
    expect((await read(VIEW)).text).toBe(content.text);
  });

  it('is named in _meta.ui.resourceUri by the three chart tools and no other', async () => {
    const { tools } = await live.client.listTools();
    const linked = tools.filter((t) => t._meta !== undefined).map((t) => [t.name, t._meta]);
    expect(linked).toEqual(
      ['generate_chart', 'get_astrology_chart', 'get_bazi_chart'].map((name) => [
        name,
        { ui: { resourceUri: VIEW } },
      ]),
    );
    expect(TOOLS.filter((t) => t.picture).map((t) => t.name)).toEqual(linked.map(([name]) => name));
  });
});
