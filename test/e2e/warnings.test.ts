/**
 * Warnings reach the text a model reads: an ambiguous place, a DST gap or fold, local mean time are
 * inside the answer itself (REST `data.warnings`, MCP `structuredContent.warnings` and the JSON text of
 * `content[0]`), not only in metadata. Expected behaviour: shared/DESIGN.md section 4 ("Warnings a
 * person must hear ... are inside that object, not only in _meta"). Place facts from GeoNames:
 * Valencia, Carabobo (Venezuela, pop. 1.6 M) is the largest "Valencia"; Valencia, Spain has 0.79 M.
 * Time facts from the IANA tz database: New York sprang forward at 02:00 on 2024-03-10.
 */
import { describe, expect, it } from 'vitest';
import { authHeaders } from '../helpers/service.js';
import { serviceWithMcpClient } from '../helpers/mcp.js';

const live = serviceWithMcpClient();

async function rest(path: string, body: unknown) {
  const res = await fetch(`${live.svc.url}${path}`, {
    method: 'POST',
    headers: authHeaders(live.svc.key),
    body: JSON.stringify(body),
  });
  return (await res.json()) as { data: Record<string, unknown> & { warnings?: string[] } };
}

async function mcp(name: string, args: Record<string, unknown>) {
  const r = (await live.client.callTool({ name, arguments: args })) as {
    structuredContent: { warnings?: string[] };
    content: { type: string; text: string }[];
  };
  return { structured: r.structuredContent, text: JSON.parse(r.content[0]!.text) as { warnings?: string[] } };
}

describe('warnings inside the answer', () => {
  it('an ambiguous bare place name: the chart says which place was used and what to send instead', async () => {
    const input = { birthDate: '1990-06-22', birthTime: '10:00', birthLocation: 'Valencia' };
    const { data } = await rest('/api/chart', input);
    expect(data.birthInfo).toMatchObject({ location: 'Valencia, Carabobo, Venezuela' });
    expect(data.warnings).toEqual([expect.stringMatching(/"Valencia" matches several places.*Spain/)]);
    const m = await mcp('generate_chart', input);
    expect(m.structured.warnings).toEqual(data.warnings);
    expect(m.text.warnings).toEqual(data.warnings);
  });

  it('a qualified place carries no warning field at all', async () => {
    const { data } = await rest('/api/chart', {
      birthDate: '1990-06-22',
      birthTime: '10:00',
      birthLocation: 'Valencia, Spain',
    });
    expect(data).not.toHaveProperty('warnings');
  });

  it('a DST gap reaches the MCP text and structured content, and the REST data', async () => {
    const gap = { birthDate: '2024-03-10', birthTime: '02:30', birthLocation: 'New York, NY' };
    const { data } = await rest('/api/chart', gap);
    expect(data.warnings).toEqual([expect.stringMatching(/does not exist.*03:30/)]);
    const m = await mcp('generate_chart', gap);
    expect(m.text.warnings).toEqual(data.warnings);
  });

  it('composite and batch warnings name the person and the entry', async () => {
    const comp = await rest('/api/composite', {
      birthDate: '1948-04-09',
      birthTime: '00:14',
      birthLocation: 'Montreal, QC',
      birthDate1: '1990-06-22',
      birthTime1: '10:00',
      birthLocation1: 'Valencia',
    });
    expect(comp.data.warnings).toEqual([expect.stringMatching(/^Person B: "Valencia" matches/)]);
    const multi = await rest('/api/multi-chart', {
      charts: [
        { birthDate: '1948-04-09', birthTime: '00:14', birthLocation: 'Montreal, QC' },
        { birthDate: '1990-06-22', birthTime: '10:00', birthLocation: 'Melbourn' },
      ],
    });
    expect(multi.data.warnings).toEqual([expect.stringMatching(/^charts\.1: .*Melbourne/)]);
  });
});
