/**
 * /docs in a real browser (Debian's Chromium) at phone (390 px) and desktop (1280 px) widths: the
 * page never scrolls sideways (an outside probe found 140 px of sideways scroll at 390 px, from a
 * 530-px field table); on a phone each field is a block of its own (name, type, "required: yes",
 * meaning), on a desktop the tables keep their columns. Screenshots go to test-results/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser.js';
import { startService, type TestService } from '../helpers/service.js';

const OUT = join(import.meta.dirname, '..', '..', 'test-results');
let svc: TestService;
let browser: Browser;

beforeAll(async () => {
  svc = await startService();
  browser = await launchChromium();
  mkdirSync(OUT, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await svc?.close();
});

describe('/docs', () => {
  it.each([
    ['phone', 390, 844],
    ['desktop', 1280, 900],
  ] as const)('at %s width (%i px) has no sideways scroll', async (name, width, height) => {
    const page = await browser.newPage();
    await page.setViewport({ width, height });
    await page.goto(`${svc.url}/docs`, { waitUntil: 'load' });
    const layout = (await page.evaluate(`({
      scrollWidth: document.documentElement.scrollWidth,
      widest: Math.max(...[...document.querySelectorAll('table, pre')].map((e) => e.getBoundingClientRect().right)),
      rowDisplay: getComputedStyle(document.querySelector('tbody tr')).display,
      headDisplay: getComputedStyle(document.querySelector('thead')).display,
    })`)) as { scrollWidth: number; widest: number; rowDisplay: string; headDisplay: string };
    expect(layout.scrollWidth).toBeLessThanOrEqual(width);
    expect(layout.widest).toBeLessThanOrEqual(width);
    expect(layout.rowDisplay).toBe(width < 600 ? 'block' : 'table-row');
    expect(layout.headDisplay).toBe(width < 600 ? 'none' : 'table-header-group');
    await page.screenshot({ path: join(OUT, `docs-${name}.png`) });
    // And the first field table, where the sideways scroll used to come from.
    await page.evaluate("document.querySelector('table').scrollIntoView()");
    await page.screenshot({ path: join(OUT, `docs-${name}-table.png`) });
    await page.close();
  });
});
