/**
 * The start's warning about the Node release (src/app/node-runtime.ts). Source of the dates and
 * statuses: the Node.js release schedule (nodejs/Release, schedule.json): 20 "Iron" end of life
 * 2026-04-30; 22 "Jod" maintenance LTS; 24 "Krypton" active LTS. The tested majors must be the ones
 * package.json's `engines` names.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeRuntimeNotice, TESTED_MAJORS } from '../../src/app/node-runtime.js';

const engines = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as {
    engines: { node: string };
  }
).engines.node;

describe('nodeRuntimeNotice', () => {
  it('says nothing on 22 and 24', () => {
    expect(nodeRuntimeNotice('22.12.0')).toBeNull();
    expect(nodeRuntimeNotice('24.21.0')).toBeNull();
  });

  it('names the end of life on 20, and what to move to', () => {
    const notice = nodeRuntimeNotice('20.20.0');
    expect(notice).toContain('Node 20 reached its end of life on 2026-04-30');
    expect(notice).toContain('Move to Node 24');
  });

  it('names a release nobody tests, odd or newer', () => {
    expect(nodeRuntimeNotice('23.11.0')).toContain(
      'Node 23 is not a release the service is tested on (24, 22, 20)',
    );
    expect(nodeRuntimeNotice('26.0.0')).toContain('Node 26 is not');
  });

  it('tests exactly the majors package.json engines names', () => {
    const majors = engines.split('||').map((range) => Number(/^\^(\d+)\./.exec(range.trim())?.[1]));
    expect([...majors].sort()).toEqual([...TESTED_MAJORS].sort());
  });
});
