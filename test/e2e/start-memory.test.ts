/**
 * What the service leaves resident at start (issue 22: the whole service <= 600 MB at start; the
 * measured figures are bench/memory.ts's). Regression tests for "the empty store's 40 MB tar stays
 * resident" (PGlite keeps the options it was created with, `loadDataDir` included, for the life of the
 * database) and "start-up buffers count as resident memory" (V8 frees them only at its next full
 * collection, which a quiet service may not reach for a long while).
 */
import { describe, expect, it } from 'vitest';
import { collectStartGarbage } from '../../src/app/start-gc.js';
import { readOnce } from '../../src/store/snapshot.js';

const MB = 1024 * 1024;

describe('start-up memory', () => {
  it('readOnce hands the tar over once and then holds nothing', async () => {
    const tar = new Blob([new Uint8Array([1, 2, 3])], { type: 'application/x-tar' });
    const once = readOnce(tar);
    expect([once.type, once.size]).toEqual(['application/x-tar', 3]);
    expect([...new Uint8Array(await once.arrayBuffer())]).toEqual([1, 2, 3]);
    await expect(once.arrayBuffer()).rejects.toThrow(/already read/);
  });

  it('collectStartGarbage frees buffers nothing references any more, without leaving a gc global', async () => {
    let leftovers: Buffer[] | null = Array.from({ length: 8 }, () => Buffer.alloc(8 * MB, 1));
    const before = process.memoryUsage().arrayBuffers;
    expect(leftovers.length).toBe(8);
    leftovers = null;
    await collectStartGarbage();
    const after = process.memoryUsage().arrayBuffers;
    expect(before - after).toBeGreaterThan(48 * MB);
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });
});
