/**
 * The playground at GET / in a real browser (Debian's Chromium), at desktop (1280 px) and phone
 * (390 px) widths: a visitor pastes a key, picks a tool, types part of a city name, picks a suggestion
 * with the keyboard, runs the tool and reads the summary a person looks for first (checked against
 * the same call made directly on the REST route), with the result brought into view and the picture
 * drawn free of charge after the Run (usage read from GET /api/usage before and after). Render options
 * sit in the form; a dark page gets a dark picture; bad fields are marked where they are, each error
 * once; the place search says when it needs a key; a SAGE answer is shown as Markdown built from
 * text, never parsed as HTML (the fake Claude of test/helpers/fake-anthropic.ts answers with markup).
 * Screenshots go to test-results/.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultKnowledgeDir } from '../../src/core/knowledge/index.js';
import { launchChromium } from '../helpers/browser.js';
import { type FakeAnthropic, fakeAnthropic } from '../helpers/fake-anthropic.js';
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

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function openPlayground(
  size: { width: number; height: number },
  options: { dark?: boolean; url?: string } = {},
): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewport(size);
  if (options.dark) await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
  page.on('console', (m) => {
    // A 4xx the test provokes on purpose is logged by the browser as a failed resource: not a page fault.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  await page.goto(`${options.url ?? svc.url}/`, { waitUntil: 'load' });
  return page;
}

const text = (page: Page, selector: string) => page.$eval(selector, (el) => el.textContent ?? '');
const value = (page: Page, selector: string) =>
  page.$eval(selector, (el) => (el as unknown as { value: string }).value);

async function setValue(page: Page, selector: string, v: string): Promise<void> {
  await page.$eval(
    selector,
    (el, v) => {
      (el as unknown as { value: string }).value = v as string;
    },
    v,
  );
}

async function runForm(page: Page): Promise<void> {
  await page.click('#submit');
  await page.waitForFunction(
    "!document.querySelector('#result').hidden && !/running/.test(document.querySelector('#result-title').textContent) && !document.querySelector('#submit').disabled",
  );
}

/** The SVG the page shows, read back from the very bytes its <img> displays. */
async function shownPicture(page: Page): Promise<Record<string, string | number>> {
  await page.waitForFunction("document.querySelector('#picture img')?.complete", { timeout: 20_000 });
  const shown = (await page.evaluate(`(async () => {
    const img = document.querySelector('#picture img');
    return { svg: await (await fetch(img.src)).text(), cache: img.dataset.cache, width: img.naturalWidth };
  })()`)) as { svg: string; cache: string; width: number };
  // Parsed in a blank page of its own: the playground's Content-Security-Policy rightly refuses the
  // style block of a document parsed inside it (and logs that as an error).
  const scratch = await page.browser().newPage();
  try {
    const read = (await scratch.evaluate(
      `((svg) => {
        const root = new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement;
        return {
          theme: root.getAttribute('data-theme'),
          layout: root.getAttribute('data-layout'),
          defined: root.querySelectorAll('[data-center][data-defined="true"]').length,
          designPlanets: root.querySelectorAll('[data-side="design"] [data-planet]').length,
          asOf: root.querySelector('[data-as-of]')?.getAttribute('data-as-of') ?? '',
        };
      })(${JSON.stringify(shown.svg)})`,
    )) as Record<string, string | number>;
    return { ...read, cache: shown.cache, width: shown.width };
  } finally {
    await scratch.close();
  }
}

const chartUnits = async (key: string) =>
  (
    (await (await fetch(`${svc.url}/api/usage`, { headers: authHeaders(key) })).json()) as {
      data: { usage: { chart: number } };
    }
  ).data.usage.chart;

async function direct<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${svc.url}${path}`, {
    method: 'POST',
    headers: authHeaders(svc.key),
    body: JSON.stringify(body),
  });
  return ((await res.json()) as { data: T }).data;
}

/** Where the result section's top is, relative to the viewport. */
const resultTop = (page: Page) => page.$eval('#result', (el) => el.getBoundingClientRect().top);

describe('playground', () => {
  it('desktop: a Human Design chart from the type-ahead, its summary, its free picture', async () => {
    const key = await svc.createKey(['advanced_chart']);
    const page = await openPlayground(DESKTOP);
    await page.type('#api-key', key);
    expect(await value(page, '#tool')).toBe('generate_chart');
    expect(await text(page, '#tool-cost')).toContain('1 chart request');
    await page.type('#f-birthDate', '1948-04-09');
    await page.type('#f-birthTime', '00:14');
    await page.type('#f-birthLocation', 'Montr');
    await page.waitForSelector('#f-birthLocation-options [role="option"]');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const place = await value(page, '#f-birthLocation');
    expect(place).toBe('Montréal, Quebec, Canada');
    const before = await chartUnits(key);
    await runForm(page);
    const top = await resultTop(page);
    expect(top).toBeGreaterThanOrEqual(-1);
    expect(top).toBeLessThan(DESKTOP.height / 2);
    const expected = await direct<{
      chart: Record<string, string>;
      centers: { defined: string[] };
      channels: { gates: string; name: string }[];
    }>('/api/chart', {
      birthDate: '1948-04-09',
      birthTime: '00:14',
      birthLocation: place,
    });
    const summary = await text(page, '#summary');
    for (const field of ['type', 'strategy', 'authority', 'profile', 'definition', 'incarnationCross']) {
      expect(summary, field).toContain(expected.chart[field]!);
    }
    expect(summary).toContain(expected.centers.defined.join(', '));
    for (const c of expected.channels) expect(summary).toContain(`${c.gates} ${c.name}`);
    const picture = await shownPicture(page);
    expect(picture).toMatchObject({
      cache: 'HIT',
      theme: 'light',
      layout: 'full',
      defined: expected.centers.defined.length,
    });
    // One unit for the Run; the picture drew the chart it paid for.
    expect(await chartUnits(key)).toBe(before + 1);
    expect(await text(page, '#curl')).toContain(`${svc.url}/api/chart`);
    await page.screenshot({ path: join(OUT, 'playground-desktop.png'), fullPage: true });
    await page.close();
  });

  it('phone, dark page: the astrology summary in view after Run, a compact dark wheel', async () => {
    const page = await openPlayground(PHONE, { dark: true });
    // The key typed on the first visit is still there (this browser's storage).
    await page.$eval('#api-key', (el) => ((el as unknown as { value: string }).value = ''));
    await page.type('#api-key', svc.key);
    await page.select('#tool', 'get_astrology_chart');
    await page.click('#fill-example');
    const before = await chartUnits(svc.key);
    await runForm(page);
    const picture = await shownPicture(page);
    expect(picture).toMatchObject({ theme: 'dark', layout: 'compact', cache: 'HIT' });
    // One unit for the Run, none for the picture of the chart it paid for.
    expect(await chartUnits(svc.key)).toBe(before + 1);
    const top = await resultTop(page);
    expect(top).toBeGreaterThanOrEqual(-1);
    expect(top).toBeLessThan(PHONE.height / 2);
    type Aspect = { planet1: string; planet2: string; aspect: string; orb: number };
    type Placed = { positionFormatted: string };
    const expected = await direct<{
      personality: {
        planets: Record<string, Placed>;
        angles: { ascendant: Placed };
        chart: Record<string, { value: string }>;
        aspects: { major: Aspect[]; minor: Aspect[] };
      };
    }>('/api/astrology', {
      birthDate: '1940-10-09',
      birthTime: '18:30',
      birthLocation: 'Liverpool, United Kingdom',
    });
    const p = expected.personality;
    const summary = await text(page, '#summary');
    expect(summary).toContain(`Sun${p.planets.Sun!.positionFormatted}`);
    expect(summary).toContain(`Moon${p.planets.Moon!.positionFormatted}`);
    expect(summary).toContain(`Ascendant${p.angles.ascendant.positionFormatted}`);
    expect(summary).toContain(`Dominant element${p.chart.dominantElement!.value}`);
    expect(summary).toContain(`Dominant quality${p.chart.dominantQuality!.value}`);
    const tightest = [...p.aspects.major, ...p.aspects.minor].sort(
      (a, b) => Math.abs(a.orb) - Math.abs(b.orb),
    )[0]!;
    expect(summary).toContain(`${tightest.planet1} ${tightest.aspect} ${tightest.planet2}`);
    const background = await page.evaluate('getComputedStyle(document.body).backgroundColor');
    expect(background).toBe('rgb(18, 21, 28)');
    await page.screenshot({ path: join(OUT, 'playground-phone.png'), fullPage: true });
    await page.close();
  });

  it('render options in the form: the wheel with rings and details, BaZi as of a date', async () => {
    const page = await openPlayground(DESKTOP);
    await page.select('#tool', 'get_astrology_chart');
    expect(
      await page.$$eval('#picture-fields input, #picture-fields select', (els) => els.map((e) => e.id)),
    ).toEqual(['p-theme', 'p-width', 'p-designRing', 'p-gateRing', 'p-details']);
    await page.click('#fill-example');
    await page.select('#p-theme', 'mono');
    await page.click('#p-designRing');
    await page.click('#p-details');
    await runForm(page);
    const wheel = await shownPicture(page);
    expect(wheel.theme).toBe('mono');
    expect(wheel.layout).toMatch(/^details/);
    expect(wheel.designPlanets).toBe(12);

    await page.select('#tool', 'get_bazi_chart');
    await page.click('#fill-example');
    await page.type('#p-asOf', '2030-01-01');
    await runForm(page);
    const bazi = await direct<{
      pillars: Record<string, { ganzhi: string }>;
      dayMaster: { char: string; pinyin: string };
    }>('/api/bazi', {
      birthDate: '1990-06-22',
      birthTime: '14:30',
      birthLocation: 'Taipei, Taiwan',
      gender: 'female',
    });
    const summary = await text(page, '#summary');
    for (const k of ['year', 'month', 'day', 'hour']) expect(summary).toContain(bazi.pillars[k]!.ganzhi);
    expect(summary).toContain(`Day master${bazi.dayMaster.char} ${bazi.dayMaster.pinyin}`);
    expect(summary).toMatch(/Luck pillar now(\S+ since \d{4}-\d{2}-\d{2}|not yet)/);
    expect((await shownPicture(page)).asOf).toBe('2030-01-01');
    await page.screenshot({ path: join(OUT, 'playground-bazi.png'), fullPage: true });
    await page.close();
  });

  it('series and events: counts with the first rows, events as a table', async () => {
    const page = await openPlayground(DESKTOP);
    await page.select('#tool', 'get_moon_transits');
    await page.click('#fill-example');
    await runForm(page);
    const series = JSON.parse(await text(page, '#raw')).data as { count: number };
    expect(await text(page, '#summary')).toContain(`Points${series.count}`);
    expect(await page.$$eval('#summary tbody tr', (rows) => rows.length)).toBe(Math.min(5, series.count));
    await page.select('#tool', 'get_eclipses');
    await page.click('#fill-example');
    await runForm(page);
    const events = JSON.parse(await text(page, '#raw')).data as { eclipses: { utc: string }[] };
    expect(await page.$$eval('#summary tbody tr', (rows) => rows.length)).toBe(events.eclipses.length);
    expect(await text(page, '#summary tbody')).toContain(events.eclipses[0]!.utc);
    await page.close();
  });

  it('phone: every bad field marked at once where it is, each error said once, the first focused', async () => {
    const page = await openPlayground(PHONE);
    await page.select('#tool', 'generate_chart');
    await page.click('#fill-example');
    await setValue(page, '#f-birthDate', '2023-02-30');
    await setValue(page, '#f-birthTime', '24:00');
    await runForm(page);
    const invalid = await page.$$eval('[aria-invalid="true"]', (els) => els.map((e) => e.id));
    expect(invalid).toEqual(['f-birthDate', 'f-birthTime']);
    expect(await page.evaluate('document.activeElement.id')).toBe('f-birthDate');
    const dateNote = await text(page, '#f-birthDate-error');
    expect(dateNote).toContain('2023-02 has 28 days');
    expect(await page.$eval('#f-birthDate', (el) => el.getAttribute('aria-describedby'))).toContain(
      'f-birthDate-error',
    );
    expect(await text(page, '#error')).toContain('HTTP 400 invalid_input');
    const page_ = await text(page, 'main');
    expect(page_.split(dateNote).length - 1).toBe(1);
    // A form the schema refuses: both fields again, with the API's suggestion.
    await setValue(page, '#f-birthDate', '1988-3-14');
    await setValue(page, '#f-birthTime', '6:20am');
    await runForm(page);
    expect(await page.$$eval('[aria-invalid="true"]', (els) => els.map((e) => e.id))).toEqual([
      'f-birthDate',
      'f-birthTime',
    ]);
    expect(await text(page, '#f-birthTime-error')).toContain('06:20');
    const overflow = (await page.evaluate(
      'document.documentElement.scrollWidth - window.innerWidth',
    )) as number;
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(OUT, 'playground-phone-errors.png'), fullPage: true });
    await page.close();
  });

  it('the place search says when it needs a key', async () => {
    const page = await openPlayground(PHONE);
    await page.click('#forget-key');
    await page.type('#f-birthLocation', 'Montr');
    await page.waitForFunction(
      "/needs an API key/.test(document.querySelector('#f-birthLocation-status').textContent)",
    );
    expect(await page.$('#f-birthLocation-options [role="option"]')).toBeNull();
    await page.type('#api-key', svc.key);
    await page.close();
  });

  it('offers every tool and builds a form from its input schema', async () => {
    const page = await openPlayground(DESKTOP);
    const tools = await page.$$eval('#tool option', (os) =>
      os.map((o) => (o as unknown as { value: string }).value),
    );
    expect(tools).toContain('get_bazi_chart');
    await page.select('#tool', 'get_bazi_chart');
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
      ['/api/chart/bodygraph/sample.svg', { theme: 'dark', transparent: 'true', width: '400' }],
      ['/api/astrology/wheel/sample.svg', { designRing: 'true', gateRing: 'true' }],
      ['/api/astrology/wheel/sample.svg', { details: 'true', width: '1200' }],
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
});

describe('playground SAGE answers', () => {
  let dir: string;
  let fake: FakeAnthropic;
  let sage: TestService;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sage-kb-'));
    await cp(
      join(defaultKnowledgeDir(), 'articles', 'hd', 'open-centers.md'),
      join(dir, 'hd', 'open-centers.md'),
    );
    fake = await fakeAnthropic();
    sage = await startService(
      { KNOWLEDGE_DIR: dir, ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: fake.url, CACHE_ENTRIES: '0' },
      { skipKnowledgeLoad: false },
    );
    await sage.service.knowledgeLoad;
  });
  afterAll(async () => {
    await sage?.close();
    await fake?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('shows the answer as Markdown built from text: markup in it stays text', async () => {
    fake.answer = [
      '## Open Ajna',
      '',
      'An **open** Ajna takes in *many* views; see `PLR DLL`.',
      '',
      '- keeps options open',
      '- <img src=x onerror="window.__pwned = 1"> is only text',
      '',
      '[safe link](https://example.com/ajna) and [unsafe](javascript:window.__pwned=2)',
    ].join('\n');
    const page = await openPlayground(DESKTOP, { url: sage.url });
    await page.$eval('#api-key', (el) => ((el as unknown as { value: string }).value = ''));
    await page.type('#api-key', sage.key);
    await page.select('#tool', 'query_sage');
    await page.type('#f-query', 'What does an open Ajna mean?');
    await runForm(page);
    const shown = (await page.evaluate(`({
      heading: document.querySelector('#summary .answer h4')?.textContent,
      strong: document.querySelector('#summary .answer strong')?.textContent,
      em: document.querySelector('#summary .answer em')?.textContent,
      code: document.querySelector('#summary .answer code')?.textContent,
      items: document.querySelectorAll('#summary .answer li').length,
      images: document.querySelectorAll('#summary img').length,
      links: [...document.querySelectorAll('#summary .answer a')].map((a) => a.getAttribute('href')),
      pwned: window.__pwned ?? null,
      text: document.querySelector('#summary .answer').textContent,
    })`)) as Record<string, unknown>;
    expect(shown).toMatchObject({
      heading: 'Open Ajna',
      strong: 'open',
      em: 'many',
      code: 'PLR DLL',
      items: 2,
      images: 0,
      links: ['https://example.com/ajna'],
      pwned: null,
    });
    expect(shown.text).toContain('<img src=x onerror="window.__pwned = 1"> is only text');
    await page.screenshot({ path: join(OUT, 'playground-sage.png'), fullPage: true });
    await page.close();
  });
});

describe('the page', () => {
  it('logged no script errors', () => {
    expect(consoleErrors).toEqual([]);
  });
});
