/**
 * The BaZi chart SVG the service answers, shown by Chromium (Debian's) on a system without any CJK
 * font: fontconfig is pointed at a configuration whose only fonts are DejaVu Sans (Latin, Greek,
 * Cyrillic, symbols; no ideographs), so the browser has no face for 甲乙丙…. A control proves that:
 * two different characters set as text in the chart's CJK families come out as the same empty box. The chart's characters,
 * drawn as outlines (src/core/render/cjk-outlines.ts), must instead come out as themselves: in the
 * screenshot, the ink of each pillar's stem and branch is different from every other's (boxes would be
 * alike) and matches the ink of the same cell in the PNG the service draws with the bundled CJK face
 * (resvg, the independent rasteriser), at 390 and 1280 pixels. No <text> carries Chinese, and every
 * glyph <use> has an area. The playground, which also writes the characters as HTML text (its BaZi
 * summary), loads the bundled face from its own origin: there too two characters come out unlike. Screenshots (and the service's PNGs beside them) go to test-results/.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CJK_FONT_FAMILY } from '../../src/core/render/theme.js';
import { launchChromium } from '../helpers/browser.js';
import { type DecodedPng, decodePng } from '../helpers/png.js';
import { authHeaders, startService, type TestService } from '../helpers/service.js';

const OUT = join(import.meta.dirname, '..', '..', 'test-results');
const DEJAVU = join(import.meta.dirname, '..', '..', 'node_modules', 'dejavu-fonts-ttf', 'ttf');
const BIRTH = {
  birthDate: '1990-06-22',
  birthTime: '14:30',
  birthLocation: 'Taipei, Taiwan',
  gender: 'female',
  asOf: '2030-01-01',
};

let svc: TestService;
let browser: Browser;
let fontDir: string;

beforeAll(async () => {
  svc = await startService();
  // A font configuration with Latin faces only: DejaVu Sans (the npm package's whole faces, whose
  // .notdef is the usual empty box), nothing of the system's.
  fontDir = mkdtempSync(join(tmpdir(), 'latin-fonts-'));
  for (const face of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'])
    copyFileSync(join(DEJAVU, face), join(fontDir, face));
  const conf = join(fontDir, 'fonts.conf');
  writeFileSync(
    conf,
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig><dir>${fontDir}</dir>` +
      `<cachedir>${join(fontDir, 'cache')}</cachedir></fontconfig>\n`,
  );
  browser = await launchChromium({ env: { FONTCONFIG_FILE: conf } });
  mkdirSync(OUT, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await svc?.close();
  if (fontDir) rmSync(fontDir, { recursive: true, force: true });
});

async function picture(format: 'svg' | 'png', width: number): Promise<Buffer> {
  const query = new URLSearchParams({ ...BIRTH, width: String(width) });
  const res = await fetch(`${svc.url}/api/bazi/chart.${format}?${query}`, { headers: authHeaders(svc.key) });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

interface Box {
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Which pixels of a box are ink (far from the white ground), row by row. */
function inkMask(png: DecodedPng, box: Box): boolean[] {
  const channels = png.rgba.length / (png.width * png.height);
  const out: boolean[] = [];
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const i = (y * png.width + x) * channels;
      const lightness =
        ((png.rgba[i] as number) + (png.rgba[i + 1] as number) + (png.rgba[i + 2] as number)) / 3;
      out.push(lightness < 160);
    }
  }
  return out;
}

/** Intersection over union of two masks' ink. */
function overlap(a: boolean[], b: boolean[]): number {
  let both = 0;
  let either = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] && b[i]) both++;
    if (a[i] || b[i]) either++;
  }
  return either === 0 ? 1 : both / either;
}

/** The page's boxes (whole pixels) for a script that returns `{label, x, y, width, height}[]`. */
const boxesOf = (raw: Box[]): Box[] =>
  raw.map((b) => ({
    label: b.label,
    x: Math.floor(b.x),
    y: Math.floor(b.y),
    width: Math.ceil(b.x + b.width) - Math.floor(b.x),
    height: Math.ceil(b.y + b.height) - Math.floor(b.y),
  }));

describe('the BaZi chart in Chromium without a CJK font', () => {
  it('has no CJK face: two characters set as text come out as the same empty box', async () => {
    const page = await browser.newPage();
    await page.setViewport({ width: 400, height: 200 });
    const probe = (c: string, x: number) =>
      `<text x="${x}" y="120" font-size="100" font-family="${CJK_FONT_FAMILY.replace(/'/g, '&apos;')}">${c}</text>`;
    await page.setContent(
      `<!doctype html><body style="margin:0;background:#fff"><svg xmlns="http://www.w3.org/2000/svg" width="400" height="200">${probe('甲', 20)}${probe('戌', 220)}</svg></body>`,
    );
    const shot = decodePng(
      Buffer.from(await page.screenshot({ path: join(OUT, 'bazi-no-cjk-font-control.png'), type: 'png' })),
    );
    const [a, b] = [
      inkMask(shot, { label: '甲', x: 20, y: 10, width: 110, height: 140 }),
      inkMask(shot, { label: '戌', x: 220, y: 10, width: 110, height: 140 }),
    ];
    expect(a.filter(Boolean).length).toBeGreaterThan(100);
    expect(overlap(a, b)).toBe(1);
    await page.close();
  });

  it('the playground writes Chinese in the bundled face, served from its own origin under its CSP', async () => {
    const font = await fetch(`${svc.url}/fonts/chart-han.otf`);
    expect(font.status).toBe(200);
    expect(font.headers.get('content-type')).toBe('font/otf');
    expect((await font.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    const page = await browser.newPage();
    const blocked: string[] = [];
    // A CSP refusal ("Refused to load the font …") is a console error; the favicon's 404 is not ours.
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) blocked.push(m.text());
    });
    page.on('response', (r) => {
      if (r.url().includes('/fonts/') && r.status() !== 200) blocked.push(`${r.url()} ${r.status()}`);
    });
    await page.setViewport({ width: 800, height: 600 });
    await page.goto(`${svc.url}/`, { waitUntil: 'load' });
    // Two characters in the page's own text face, and the same in the system's face alone (boxes).
    const boxes = (await page.evaluate(`(async () => {
      const out = [];
      for (const [family, top] of [['', 0], ['system-ui, sans-serif', 160]]) {
        for (const [char, left] of [['甲', 0], ['戌', 200]]) {
          const span = document.createElement('span');
          span.textContent = char;
          Object.assign(span.style, { position: 'fixed', left: left + 'px', top: top + 'px', fontSize: '100px',
            lineHeight: '1', background: '#fff', color: '#000', zIndex: 9 });
          if (family) span.style.fontFamily = family;
          document.body.append(span);
          const r = span.getBoundingClientRect();
          out.push({ label: char + (family ? ' as system text' : ''), x: r.x, y: r.y, width: r.width, height: r.height });
        }
      }
      await document.fonts.ready;
      return out;
    })()`)) as Box[];
    const shot = decodePng(
      Buffer.from(await page.screenshot({ path: join(OUT, 'bazi-no-cjk-font-playground.png'), type: 'png' })),
    );
    const [own1, own2, system1, system2] = boxesOf(boxes).map((b) => inkMask(shot, b)) as boolean[][];
    expect(overlap(system1!, system2!)).toBe(1);
    expect(own1!.filter(Boolean).length).toBeGreaterThan(200);
    expect(overlap(own1!, own2!)).toBeLessThan(0.7);
    expect(blocked).toEqual([]);
    await page.close();
  });

  it.each([390, 1280])(
    'at %i px: the stems and branches are drawn as themselves, as in the PNG',
    async (width) => {
      const svg = (await picture('svg', width)).toString('utf8');
      const pngBytes = await picture('png', width);
      writeFileSync(join(OUT, `bazi-png-${width}.png`), pngBytes);
      const png = decodePng(pngBytes);
      const page = await browser.newPage();
      await page.setViewport({ width, height: png.height });
      await page.setContent(`<!doctype html><body style="margin:0;background:#fff">${svg}</body>`);
      const facts = (await page.evaluate(`(() => {
      const cjk = /[\\u2e80-\\u9fff]/;
      const texts = [...document.querySelectorAll('svg text, svg tspan')];
      const uses = [...document.querySelectorAll('svg use')];
      const flat = uses.filter((u) => { const b = u.getBoundingClientRect(); return b.width * b.height < 1; });
      // Each pillar's stem and branch: the largest run labelled with each of its two characters.
      const cells = [];
      for (const pillar of document.querySelectorAll('[data-pillar]')) {
        for (const char of [...pillar.getAttribute('data-ganzhi')]) {
          const runs = [...pillar.querySelectorAll('g[role="img"]')].filter((g) => g.getAttribute('aria-label') === char);
          const biggest = runs.map((g) => g.getBoundingClientRect()).sort((p, q) => q.height - p.height)[0];
          cells.push({ label: char, x: biggest.x, y: biggest.y, width: biggest.width, height: biggest.height });
        }
      }
      return {
        textCount: texts.length,
        chineseTexts: texts.filter((t) => cjk.test(t.textContent)).map((t) => t.textContent),
        useCount: uses.length,
        flatUses: flat.length,
        cells,
      };
    })()`)) as {
        textCount: number;
        chineseTexts: string[];
        useCount: number;
        flatUses: number;
        cells: Box[];
      };
      expect(facts.textCount).toBeGreaterThan(30);
      expect(facts.chineseTexts).toEqual([]);
      expect(facts.useCount).toBeGreaterThan(40);
      expect(facts.flatUses).toBe(0);
      const shotFile = join(OUT, `bazi-no-cjk-font-${width}.png`);
      const shot = decodePng(
        Buffer.from(await page.screenshot({ path: shotFile, fullPage: true, type: 'png' })),
      );
      expect(shot.width).toBe(width);
      const cells = boxesOf(facts.cells);
      expect(cells).toHaveLength(8);
      const masks = cells.map((c) => inkMask(shot, c));
      for (const [i, cell] of cells.entries()) {
        const mask = masks[i] as boolean[];
        // Ink, and the same ink as resvg draws from the font itself.
        expect(mask.filter(Boolean).length / mask.length, cell.label).toBeGreaterThan(0.05);
        expect(overlap(mask, inkMask(png, cell)), cell.label).toBeGreaterThan(0.8);
      }
      // Different characters look different (empty boxes would all look alike); same size cells only.
      for (let i = 0; i < cells.length; i++) {
        for (let j = i + 1; j < cells.length; j++) {
          const [a, b] = [cells[i] as Box, cells[j] as Box];
          if (a.label === b.label || a.width !== b.width || a.height !== b.height) continue;
          expect(overlap(masks[i] as boolean[], masks[j] as boolean[]), `${a.label} ${b.label}`).toBeLessThan(
            0.7,
          );
        }
      }
      await page.close();
    },
  );
});
