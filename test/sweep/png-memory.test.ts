/**
 * Regression: PNG rasterising wrote every picture into memory fresh from the OS. resvg-js frees a
 * render's pixel buffers only when V8 finalizes their JS objects, so each 800-px bodygraph touched
 * about 2,300 new 4 KB pages, and on a virtual machine, where a page fault costs some 20 µs, those
 * faults were over half of the PNG's time. png.ts lets resvg's allocator (mimalloc) take large OS
 * pages. Counted in a fresh process, since the allocator reads its options once, when resvg loads:
 * minor page faults per render, a count that does not depend on the machine's load. Linux only, and
 * only where the kernel hands out transparent huge pages on request (`madvise` or `always`). The
 * three processes it starts (tsx and resvg loaded in each) take seconds, so it lives in the slow tier.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const THP = '/sys/kernel/mm/transparent_hugepage/enabled';
const hugePagesOnRequest = existsSync(THP) && !readFileSync(THP, 'utf8').includes('[never]');

const RENDERS = 8;
/** A bodygraph's size at 800 px (800 x 1017): its own drawing would only add text layout time. */
const PICTURE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1017" viewBox="0 0 640 813.6">' +
  '<rect width="640" height="813.6" fill="#fff"/><circle cx="320" cy="400" r="200" fill="#d62f3c"/>' +
  '<text x="320" y="60" font-size="17" text-anchor="middle">Generator · 3/5</text></svg>';
const script = (env: string) => `
${env}
const { svgToPng } = await import('./src/core/render/png.ts');
const svg = '${PICTURE}';
svgToPng(svg, 800);
const before = process.resourceUsage().minorPageFault;
for (let i = 0; i < ${RENDERS}; i++) svgToPng(svg, 800);
process.stdout.write(String((process.resourceUsage().minorPageFault - before) / ${RENDERS}));
`;

/** Minor page faults per 800 x 1017 PNG in a new process. */
function faultsPerRender(env = ''): number {
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script(env)], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(r.stderr).toBe('');
  return Number(r.stdout);
}

/** Resident memory gained over 40 PNGs at 800 px, each in its own turn of the event loop, in MB. */
function residentGrowth(): number {
  const r = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { svgToPng } = await import('./src/core/render/png.ts');
svgToPng('${PICTURE}', 800);
const before = process.memoryUsage().rss;
for (let i = 0; i < 40; i++) {
  svgToPng('${PICTURE}', 800);
  await new Promise((resolve) => setImmediate(resolve));
}
process.stdout.write(String((process.memoryUsage().rss - before) / 1e6));`,
    ],
    { encoding: 'utf8', timeout: 60_000 },
  );
  expect(r.stderr).toBe('');
  return Number(r.stdout);
}

describe('PNG rasterising memory', () => {
  it('regression: the buffers of every picture stayed until V8 happened to collect', () => {
    // 40 renders held about 150 MB before; about 3 MB now.
    expect(residentGrowth()).toBeLessThan(60);
  });
});

describe.runIf(hugePagesOnRequest)('PNG rasterising memory on large pages', () => {
  it('regression: each render faulted in thousands of fresh 4 KB pages', () => {
    // The whole 800 x 1017 picture is 794 pages of pixels; the encoder's copy as many again.
    expect(faultsPerRender()).toBeLessThan(300);
  });

  it('faults per render as before when an operator turns large pages off (so the check above can fail)', () => {
    expect(faultsPerRender("process.env.MIMALLOC_ALLOW_LARGE_OS_PAGES = '0';")).toBeGreaterThan(1_500);
  });
});
