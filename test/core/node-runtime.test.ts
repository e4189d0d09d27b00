/**
 * The start's warning about the Node release (src/app/node-runtime.ts). Source of the dates and
 * statuses: the Node.js release schedule (nodejs/Release, schedule.json): 20 "Iron" end of life
 * 2026-04-30; 22 "Jod" maintenance LTS from 22.11.0 (earlier 22s were not LTS; `engines` asks for
 * 22.12, where `require` of ES modules needs no flag); 24 "Krypton" active LTS. The tested releases
 * must be the ones package.json's `engines` names.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeRuntimeNotice, TESTED_RELEASES } from '../../src/app/node-runtime.js';

const engines = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as {
    engines: { node: string };
  }
).engines.node;

describe('nodeRuntimeNotice', () => {
  it('says nothing on 22 from 22.12 and on 24', () => {
    expect(nodeRuntimeNotice('22.12.0')).toBeNull();
    expect(nodeRuntimeNotice('22.23.3')).toBeNull();
    expect(nodeRuntimeNotice('24.0.0')).toBeNull();
    expect(nodeRuntimeNotice('24.21.0')).toBeNull();
  });

  it('names the end of life on 20, and what to move to', () => {
    const notice = nodeRuntimeNotice('20.20.0');
    expect(notice).toContain('Node 20 reached its end of life on 2026-04-30');
    expect(notice).toContain('Move to Node 24');
  });

  it('names a version older than its release supports (22 before its LTS, 20 before 20.19)', () => {
    expect(nodeRuntimeNotice('22.11.0')).toBe(
      'Node 22.11.0 is older than 22.12.0, the oldest Node 22 the service supports: use Node 24, the active LTS.',
    );
    expect(nodeRuntimeNotice('22.5.1')).toContain('older than 22.12.0');
    expect(nodeRuntimeNotice('20.18.3')).toContain('older than 20.19.0');
  });

  it('names a release nobody tests, odd or newer', () => {
    expect(nodeRuntimeNotice('23.11.0')).toBe(
      'Node 23 is not a release the service is tested on (24, 22, 20): use Node 24, the active LTS.',
    );
    expect(nodeRuntimeNotice('26.0.0')).toContain('Node 26 is not');
  });

  it('holds exactly the releases and oldest versions package.json engines names', () => {
    const ranges = engines.split('||').map((range) => range.trim());
    expect(ranges.map((r) => r.replace(/^\^/, '')).sort()).toEqual(Object.values(TESTED_RELEASES).sort());
  });
});
