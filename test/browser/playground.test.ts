/**
 * The playground at GET / in a real browser (Debian's Chromium): a visitor pastes a key, picks a
 * tool, types part of a city name, picks a suggestion with the keyboard, runs the chart and reads
 * the answer; a bad time shows the API's own words; the key stays in the browser between visits;
 * the page works at phone width and raises no script errors; the chart run shows the bodygraph with
 * as many defined centers as the chart, and Chromium shows each SVG endpoint as an SVG document
 * without console errors. Screenshots at desktop and phone width go to test-results/. Expected values: the
 * same call made directly against the REST route (Montréal from GeoNames via GET /api/locations).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser.js';
import { authHeaders, startService, type TestService } from '../helpers/service.js';

const OUT = join(import.meta.dirname, '..', '..', 'test-results');
let svc: TestService;
let browser: Browser;
const consoleErrors: string[] = [];

beforeAll(async () => {
  svc = await startService();
  browser = await launchChromium();
  mkdirSync(OUT, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await svc?.close();
});

async function openPlayground(width: number, height: number): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewport({ width, height });
  page.on('console', (m) => {
    // A 4xx the test provokes on purpose is logged by the browser as a failed resource: not a page fault.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  await page.goto(`${svc.url}/`, { waitUntil: 'load' });
  return page;
}

const text = (page: Page, selector: string) => page.$eval(selector, (el) => el.textContent ?? '');

async function runForm(page: Page): Promise<void> {
  await page.click('#submit');
  // Runs in the page: the result is shown and no longer says "running".
  await page.waitForFunction(
    "!document.querySelector('#result').hidden && !/running/.test(document.querySelector('#result-title').textContent)",
  );
}

describe('playground', () => {
  it('runs a Human Design chart with a place picked from the type-ahead by keyboard', async () => {
    const page = await openPlayground(1280, 900);
    await page.type('#api-key', svc.key);
    expect(await page.$eval('#tool', (el) => (el as unknown as { value: string }).value)).toBe(
      'generate_chart',
    );
    await page.type('#f-birthDate', '1948-04-09');
    await page.type('#f-birthTime', '00:14');
    await page.type('#f-birthLocation', 'Montr');
    await page.waitForSelector('#f-birthLocation-options [role="option"]');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const place = await page.$eval('#f-birthLocation', (el) => (el as unknown as { value: string }).value);
    expect(place).toBe('Montréal, Quebec, Canada');
    await runForm(page);

    const direct = await fetch(`${svc.url}/api/chart`, {
      method: 'POST',
      headers: authHeaders(svc.key),
      body: JSON.stringify({ birthDate: '1948-04-09', birthTime: '00:14', birthLocation: place }),
    });
    const expected = (
      (await direct.json()) as { data: { chart: { type: string }; centers: { defined: string[] } } }
    ).data;
    const summary = await text(page, '#summary');
    expect(summary).toContain(expected.chart.type);
    expect(summary).toContain(expected.centers.defined.join(', '));
    const raw = JSON.parse(await text(page, '#raw')) as { data: { centers: { defined: string[] } } };
    expect(raw.data.centers.defined).toHaveLength(expected.centers.defined.length);
    expect(await text(page, '#curl')).toContain(`${svc.url}/api/chart`);
    // The bodygraph the page shows (fetched by the page from POST /api/chart/bodygraph.svg), read
    // back from the very bytes the <img> displays: as many defined centers as the chart has.
    await page.waitForFunction("document.querySelector('#picture img')?.complete", { timeout: 15_000 });
    // The SVG text is read here, not parsed in the page: the page's Content-Security-Policy rightly
    // refuses the style block of a document parsed inside it.
    const drawn = (await page.evaluate(`(async () => {
      const img = document.querySelector('#picture img');
      return { width: img.naturalWidth, svg: await (await fetch(img.src)).text() };
    })()`)) as { width: number; svg: string };
    expect(drawn.width).toBeGreaterThan(0);
    const defined = [...drawn.svg.matchAll(/<[^>]*\bdata-center="[^"]*"[^>]*>/g)].filter((m) =>
      m[0].includes('data-defined="true"'),
    ).length;
    expect(defined).toBe(expected.centers.defined.length);
    await page.screenshot({ path: join(OUT, 'playground-desktop.png'), fullPage: true });
    await page.close();
  });

  it('shows the API words for a bad time, at phone width', async () => {
    const page = await openPlayground(390, 844);
    // The key typed on the first visit is still there (this browser's storage).
    expect(await page.$eval('#api-key', (el) => (el as unknown as { value: string }).value)).toBe(svc.key);
    await page.click('#fill-example');
    await page.$eval('#f-birthTime', (el) => {
      (el as unknown as { value: string }).value = '6:20am';
    });
    await runForm(page);
    const error = await text(page, '#error');
    expect(error).toContain('HTTP 400');
    expect(error).toContain('birthTime');
    expect(error).toContain('06:20');
    // Nothing overflows the phone's width.
    const overflow = (await page.evaluate(
      'document.documentElement.scrollWidth - window.innerWidth',
    )) as number;
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(OUT, 'playground-phone.png'), fullPage: true });
    await page.close();
  });

  it('offers every tool and builds a form from its input schema', async () => {
    const page = await openPlayground(1280, 900);
    const tools = await page.$$eval('#tool option', (os) =>
      os.map((o) => (o as unknown as { value: string }).value),
    );
    expect(tools).toContain('get_bazi_chart');
    await page.select('#tool', 'get_bazi_chart');
    // gender is an enum: a select with male and female.
    const genders = await page.$$eval('#f-gender option', (os) =>
      os.map((o) => (o as unknown as { value: string }).value),
    );
    expect(genders).toEqual(['', 'male', 'female']);
    await page.close();
  });

  it('renders every SVG endpoint as a picture without console errors', async () => {
    const birth = { birthDate: '1987-11-03', birthTime: '06:45', birthLocation: 'Lyon, France' };
    const svgs: [string, Record<string, string>][] = [
      ['/api/chart/bodygraph/sample.svg', {}],
      ['/api/chart/bodygraph/sample.svg', { theme: 'dark', transparent: 'true' }],
      ['/api/astrology/wheel/sample.svg', { designRing: 'true', gateRing: 'true' }],
      ['/api/chart/bodygraph/template.svg', { theme: 'mono' }],
      ['/api/chart/bodygraph.svg', birth],
      ['/api/astrology/wheel.svg', { ...birth, labels: 'false' }],
      ['/api/bazi/chart.svg', { ...birth, gender: 'female' }],
    ];
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.setExtraHTTPHeaders({ Authorization: `Bearer ${svc.key}` });
    for (const [path, query] of svgs) {
      const url = `${svc.url}${path}?${new URLSearchParams(query)}`;
      const res = await page.goto(url, { waitUntil: 'load' });
      expect(res?.status(), url).toBe(200);
      // Chromium parsed it as an SVG document (an XML error would show its own error page) and laid it out.
      const shown = (await page.evaluate(
        "({ root: document.documentElement.localName, role: document.documentElement.getAttribute('role'), width: document.documentElement.getBoundingClientRect().width, errors: document.getElementsByTagName('parsererror').length })",
      )) as { root: string; role: string; width: number; errors: number };
      expect(shown, url).toMatchObject({ root: 'svg', role: 'img', errors: 0 });
      expect(shown.width, url).toBeGreaterThan(0);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('logged no script errors', () => {
    expect(consoleErrors).toEqual([]);
  });
});
