/**
 * The MCP App (ui://chart-service/chart-view.html) in a real browser (Debian's Chromium), hosted as
 * a chat client hosts it: a test page puts the view in a sandboxed iframe under the CSP the host builds
 * from the resource's `_meta.ui.csp` (MCP Apps SEP-1865, "Host Behavior"), talks to it through the
 * ext-apps host bridge (AppBridge over PostMessageTransport), and feeds it REAL results: the service
 * answers generate_chart, get_astrology_chart and get_bazi_chart through the official SDK client,
 * and the view is the very resource tools/list points at (`_meta.ui.resourceUri`, read with
 * resources/read). Checked: each chart is drawn with the renderers' data-* parts, hovering (mouse) or
 * tapping (touch) a gate, center, planet, aspect or pillar shows its tooltip with the values of that
 * answer (its Chinese drawn as outlines, as in the chart), the rings and the theme redraw, and the
 * page makes no request besides the host page itself.
 * Expected values come from the same answers (the tooltips quote them), except the fixed ones of
 * Liverpool 1940-10-09 18:30 (Sun 16°16'04" Libra in the 6th house, as the astrology e2e test pins
 * against astro.com). Screenshots at 390 and 1280 px go to test-results/.
 */
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { build } from 'esbuild';
import type { Browser, Frame, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MIME_TYPE, CHART_VIEW_URI } from '../../src/resources/index.js';
import { launchChromium } from '../helpers/browser.js';
import { connectMcp } from '../helpers/mcp.js';
import { startService, type TestService } from '../helpers/service.js';

const OUT = join(import.meta.dirname, '..', '..', 'test-results');
const PHONE = { width: 390, height: 844, hasTouch: true, isMobile: true };
const DESKTOP = { width: 1280, height: 900 };

/** The host page's script: the ext-apps AppBridge, bundled here (test code) and inlined in the page. */
const HOST_SCRIPT = `
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
const list = (domains) => (domains && domains.length ? domains.join(' ') : '');
// The CSP a host builds from _meta.ui.csp: the spec's restrictive default plus the declared origins.
function policy(csp = {}) {
  const res = list(csp.resourceDomains);
  return [
    "default-src 'none'",
    "script-src 'unsafe-inline' " + res,
    "style-src 'unsafe-inline' " + res,
    'img-src data: ' + res,
    'font-src ' + (res || "'none'"),
    'media-src data: ' + res,
    'connect-src ' + (list(csp.connectDomains) || "'none'"),
    'frame-src ' + (list(csp.frameDomains) || "'none'"),
    "object-src 'none'",
    "base-uri 'none'",
  ].join('; ');
}
window.showView = async ({ html, csp, input, result, theme }) => {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.title = 'chart view';
  document.body.append(frame);
  const bridge = new AppBridge(null, { name: 'test host', version: '1.0.0' }, {}, {
    hostContext: { theme, displayMode: 'inline' },
  });
  window.delivered = new Promise((resolve) => {
    bridge.oninitialized = async () => {
      await bridge.sendToolInput({ arguments: input });
      await bridge.sendToolResult(result);
      resolve(true);
    };
  });
  bridge.onsizechange = ({ height }) => {
    if (height) frame.style.height = Math.ceil(height) + 'px';
  };
  await bridge.connect(new PostMessageTransport(frame.contentWindow, frame.contentWindow));
  const meta = '<meta http-equiv="Content-Security-Policy" content="' + policy(csp) + '">';
  frame.srcdoc = html.replace('<head>', '<head>' + meta);
  window.bridge = bridge;
};
window.setHostTheme = (theme) => window.bridge.sendHostContextChange({ theme });
`;

interface ToolCase {
  name: string;
  args: Record<string, unknown>;
  result?: { structuredContent?: Record<string, unknown> };
}

const CASES: Record<'hd' | 'astrology' | 'bazi', ToolCase> = {
  hd: {
    name: 'generate_chart',
    args: { birthDate: '1948-04-09', birthTime: '00:14', birthLocation: 'Montreal, QC', include: 'tooltips' },
  },
  // Without tooltips: the view still tells what each part is, from the answer's own values.
  astrology: {
    name: 'get_astrology_chart',
    args: { birthDate: '1940-10-09', birthTime: '18:30', birthLocation: 'Liverpool, United Kingdom' },
  },
  bazi: {
    name: 'get_bazi_chart',
    args: {
      birthDate: '1990-06-22',
      birthTime: '14:30',
      birthLocation: 'Taipei, Taiwan',
      gender: 'female',
      include: 'tooltips',
    },
  },
};

let svc: TestService;
let client: Client;
let browser: Browser;
let host: Server;
let hostUrl: string;
let view: { html: string; csp: unknown; mimeType?: string; listed?: Record<string, unknown> };
const resourceUris = new Map<string, string | undefined>();

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  svc = await startService();
  client = await connectMcp(svc.url, svc.key);
  const { tools } = await client.listTools();
  for (const t of tools)
    resourceUris.set(t.name, (t._meta?.ui as { resourceUri?: string } | undefined)?.resourceUri);
  for (const c of Object.values(CASES))
    c.result = (await client.callTool({ name: c.name, arguments: c.args })) as ToolCase['result'];
  const read = await client.readResource({ uri: resourceUris.get('generate_chart')! });
  const content = read.contents[0] as { text: string; mimeType?: string; _meta?: { ui?: { csp?: unknown } } };
  const { resources } = await client.listResources();
  view = {
    html: content.text,
    csp: content._meta?.ui?.csp,
    mimeType: content.mimeType,
    listed: resources.find((r) => r.uri === CHART_VIEW_URI) as Record<string, unknown> | undefined,
  };

  const bundled = await build({
    stdin: { contents: HOST_SCRIPT, resolveDir: import.meta.dirname, loader: 'js' },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    logLevel: 'silent',
  });
  const page = `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>MCP App host</title><style>body{margin:0;font-family:sans-serif}iframe{display:block;width:100%;border:0;height:600px}</style>
</head><body><script>${bundled.outputFiles[0]!.text}</script></body></html>`;
  host = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/`;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => host?.close(resolve));
  await client?.close();
  await svc?.close();
});

interface Hosted {
  page: Page;
  frame: Frame;
  requests: string[];
  errors: string[];
}

/** A host page showing the view with one tool's result, at one size. */
async function hostView(c: ToolCase, size: typeof PHONE | typeof DESKTOP, theme = 'light'): Promise<Hosted> {
  const page = await browser.newPage();
  await page.setViewport(size);
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warn') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(hostUrl, { waitUntil: 'load' });
  await page.evaluate(
    (args) => (globalThis as unknown as { showView: (a: unknown) => Promise<void> }).showView(args),
    { html: view.html, csp: view.csp, input: c.args, result: c.result, theme },
  );
  await page.waitForFunction('window.delivered', { timeout: 20_000 });
  const handle = await page.waitForSelector('iframe');
  const frame = (await handle!.contentFrame())!;
  await frame.waitForSelector('#chart svg', { timeout: 20_000 });
  return { page, frame, requests, errors };
}

/** What the page's browser code sees of an element (the test is type-checked without the DOM). */
type Shown = { hidden: boolean };
interface Stroke {
  getTotalLength(): number;
  getPointAtLength(length: number): { matrixTransform(m: unknown): { x: number; y: number } };
  getScreenCTM(): unknown;
}

/** The tooltip's text, its Chinese (drawn as outlines, see src/view/main.ts) read from their labels. */
const tooltip = async (frame: Frame) =>
  (await frame.evaluate(`(() => {
    const tip = document.querySelector('#tooltip');
    if (tip.hidden) return '';
    const copy = tip.cloneNode(true);
    for (const svg of copy.querySelectorAll('svg.cjk')) svg.replaceWith(svg.getAttribute('aria-label'));
    return copy.textContent;
  })()`)) as string;
/** Chinese set as text in the tooltip (the reader's system may have no face for it), and as outlines. */
const tooltipChinese = async (frame: Frame) =>
  (await frame.evaluate(`({
    text: /[\u2e80-\u9fff]/.test(document.querySelector('#tooltip').textContent),
    outlines: document.querySelectorAll('#tooltip svg.cjk path').length,
  })`)) as { text: boolean; outlines: number };
const count = (frame: Frame, selector: string) => frame.$$eval(selector, (els) => els.length);

/**
 * Moves the mouse onto a part: for a channel or an aspect line, the point nearest the middle of its
 * stroke where it is on top (the middle of their box may lie on another part); the middle of a
 * group's first text; else the middle of the part's box.
 */
async function hover(frame: Frame, selector: string): Promise<string> {
  const part = await frame.$(selector);
  expect(part, selector).not.toBeNull();
  await part!.scrollIntoView();
  const at = await part!.evaluate((part) => {
    const stroke = (part.matches('line, path')
      ? part
      : part.querySelector('path')) as unknown as Stroke | null;
    if (stroke && part.matches('[data-channel], [data-aspect]')) {
      // The first point along the stroke where the part itself is on top.
      const length = stroke.getTotalLength();
      for (let t = 0.5; t < 1; t += 0.02) {
        for (const at of [t, 1 - t]) {
          const p = stroke.getPointAtLength(length * at).matrixTransform(stroke.getScreenCTM()!);
          if (part.contains(part.ownerDocument.elementFromPoint(p.x, p.y))) return { x: p.x, y: p.y };
        }
      }
    }
    // A group's first text (a glyph, a number): the middle of the group's box may be empty space.
    const box = (part.matches('g') ? (part.querySelector('text') ?? part) : part).getBoundingClientRect();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  });
  const frameBox = (await (await frame.frameElement())!.boundingBox())!;
  await frame.page().mouse.move(frameBox.x + at.x, frameBox.y + at.y, { steps: 2 });
  try {
    await frame.waitForFunction("!document.querySelector('#tooltip').hidden", { timeout: 5_000 });
  } catch (err) {
    await frame.page().screenshot({ path: join(OUT, 'chart-view-hover-failed.png') });
    throw new Error(`no tooltip on ${selector} at ${at.x}, ${at.y}`, { cause: err });
  }
  return tooltip(frame);
}

/** Nothing but the host page itself was requested, and nothing went wrong in the page. */
function expectQuiet(h: Hosted): void {
  expect(h.requests.filter((u) => u !== hostUrl && u !== 'about:srcdoc')).toEqual([]);
  expect(h.requests.filter((u) => u === hostUrl)).toHaveLength(1);
  expect(h.errors).toEqual([]);
}

const shot = (h: Hosted, name: string) => h.page.screenshot({ path: join(OUT, name), fullPage: true });

describe('the chart view MCP App', () => {
  it('is the ui:// resource every chart tool names, an HTML page with its declared CSP', () => {
    for (const name of ['generate_chart', 'get_astrology_chart', 'get_bazi_chart'])
      expect(resourceUris.get(name), name).toBe(CHART_VIEW_URI);
    expect(resourceUris.get('get_transits')).toBeUndefined();
    expect(view.mimeType).toBe(APP_MIME_TYPE);
    expect(view.csp).toEqual({ connectDomains: [], resourceDomains: [] });
    expect(view.listed).toMatchObject({ mimeType: APP_MIME_TYPE, _meta: { ui: { csp: view.csp } } });
    expect(view.html).toMatch(/^<!doctype html>/i);
    // Self-contained: one inline script and one inline stylesheet; no external script, style, font or
    // image (what the script does is watched in the browser tests below).
    const markup = view.html.replace(/<script>[\s\S]*?<\/script>/, '<script></script>');
    expect(markup.match(/<script/g)).toHaveLength(1);
    expect(markup).not.toMatch(/\ssrc=|<link|@import|url\(/i);
  });

  it('draws the Human Design chart and explains a gate, a center and a channel on hover', async () => {
    const h = await hostView(CASES.hd, DESKTOP);
    const data = CASES.hd.result!.structuredContent as {
      personality: Record<string, { gate: number; line: number }>;
      centers: { defined: string[] };
      channels: { gates: string; name: string }[];
      tooltips: { gates: Record<string, { title: string }> };
    };
    expect(await h.frame.$eval('#chart svg', (s) => s.getAttribute('data-chart'))).toBe('bodygraph');
    expect(await count(h.frame, '#chart [data-gate]')).toBe(64);
    expect(await count(h.frame, '#chart [data-center]')).toBe(9);

    const sun = data.personality.Sun!;
    const gateTip = await hover(h.frame, `#chart g[data-gate="${sun.gate}"]`);
    expect(gateTip).toContain(data.tooltips.gates[String(sun.gate)]!.title);
    expect(gateTip).toContain(`Sun line ${sun.line}`);

    const center = data.centers.defined[0]!;
    const centerTip = await hover(h.frame, `#chart [data-center="${center}"]`);
    expect(centerTip).toContain('Defined');

    // Not one of the integration channels (10, 20, 34, 57), whose strokes share their paths.
    const channel = data.channels.find((c) => !/\b(10|20|34|57)\b/.test(c.gates))!;
    const channelTip = await hover(h.frame, `#chart [data-channel="${channel.gates}"]`);
    expect(channelTip).toContain(channel.name);
    await shot(h, 'chart-view-bodygraph-desktop.png');

    // The theme button redraws the chart dark, and back.
    await h.frame.click('#theme');
    await h.frame.waitForSelector('#chart svg[data-theme="dark"]');
    expect(await h.frame.$eval('html', (e) => e.getAttribute('data-theme'))).toBe('dark');
    await shot(h, 'chart-view-bodygraph-dark.png');
    expectQuiet(h);
    await h.page.close();
  }, 60_000);

  it('shows a tapped gate on a phone, with the compact layout', async () => {
    const h = await hostView(CASES.hd, PHONE);
    expect(await h.frame.$eval('#chart svg', (s) => s.getAttribute('data-layout'))).toBe('compact');
    const gate = (CASES.hd.result!.structuredContent as { personality: { Sun: { gate: number } } })
      .personality.Sun.gate;
    await (await h.frame.$(`#chart g[data-gate="${gate}"]`))!.tap();
    await h.frame.waitForFunction("!document.querySelector('#tooltip').hidden", { timeout: 5_000 });
    expect(await tooltip(h.frame)).toContain(`Gate ${gate}`);
    await shot(h, 'chart-view-bodygraph-phone.png');
    expectQuiet(h);
    await h.page.close();
  }, 60_000);

  it('draws the astrology wheel, explains a planet and an aspect, and toggles its rings', async () => {
    const h = await hostView(CASES.astrology, DESKTOP);
    expect(await h.frame.$eval('#chart svg', (s) => s.getAttribute('data-chart'))).toBe('wheel');
    expect(await h.frame.$eval('#rings', (e) => (e as unknown as Shown).hidden)).toBe(false);
    expect(await count(h.frame, '#chart [data-side="design"] [data-planet]')).toBe(0);
    expect(await count(h.frame, '#chart g[data-gate]')).toBe(0);

    const sunTip = await hover(h.frame, '#chart [data-side="personality"] [data-planet="Sun"]');
    expect(sunTip).toContain('16°16\'04" Libra');
    expect(sunTip).toContain('House 6');
    // A trine or sextile: solid (a minor aspect's dashes may leave a gap at the middle).
    const solid = '#chart [data-aspect][data-nature="harmonious"]';
    const aspect = await h.frame.$eval(solid, (e) => [
      e.getAttribute('data-planets'),
      e.getAttribute('data-aspect'),
    ]);
    const [p1, p2] = aspect[0]!.split(' ');
    expect(await hover(h.frame, solid)).toContain(`${p1} ${aspect[1]} ${p2}`);

    await h.frame.click('#design-ring');
    await h.frame.waitForSelector('#chart [data-side="design"] [data-planet]');
    await h.frame.click('#gate-ring');
    await h.frame.waitForFunction("document.querySelectorAll('#chart g[data-gate]').length === 64");
    expect(await hover(h.frame, '#chart [data-side="design"] [data-planet="Sun"]')).toContain('Sun (Design)');
    await shot(h, 'chart-view-wheel-desktop.png');

    // The host switching to dark redraws the chart dark.
    await h.page.evaluate(() =>
      (globalThis as unknown as { setHostTheme: (t: string) => void }).setHostTheme('dark'),
    );
    await h.frame.waitForSelector('#chart svg[data-theme="dark"]');
    expect(await count(h.frame, '#chart g[data-gate]')).toBe(64);
    await shot(h, 'chart-view-wheel-dark.png');
    expectQuiet(h);
    await h.page.close();
  }, 60_000);

  it('draws the wheel on a phone, in the host theme it starts with', async () => {
    const h = await hostView(CASES.astrology, PHONE, 'dark');
    expect(await h.frame.$eval('#chart svg', (s) => s.getAttribute('data-theme'))).toBe('dark');
    await shot(h, 'chart-view-wheel-phone.png');
    expectQuiet(h);
    await h.page.close();
  }, 60_000);

  it('draws the BaZi chart and explains a pillar and a luck pillar', async () => {
    const data = CASES.bazi.result!.structuredContent as {
      pillars: Record<string, { ganzhi: string; tenGod: { english: string }; stem: { char: string } }>;
      tooltips: { stems: Record<string, { text: string }> };
    };
    for (const size of [DESKTOP, PHONE]) {
      const h = await hostView(CASES.bazi, size);
      expect(await h.frame.$eval('#chart svg', (s) => s.getAttribute('data-chart'))).toBe('bazi');
      expect(await count(h.frame, '#chart [data-pillar]')).toBe(4);
      expect(await h.frame.$eval('#rings', (e) => (e as unknown as Shown).hidden)).toBe(true);
      const month = data.pillars.month!;
      const tip = await hover(h.frame, '#chart [data-pillar="month"]');
      expect(tip).toContain(`Month pillar ${month.ganzhi}`);
      expect(tip).toContain(`Ten god: ${month.tenGod.english}`);
      expect(tip).toContain(data.tooltips.stems[month.stem.char]!.text.split('\n')[0]!.slice(0, 40));
      // The ganzhi (two characters) and more are drawn as outlines, none left to the system's fonts.
      const chinese = await tooltipChinese(h.frame);
      expect(chinese.text).toBe(false);
      expect(chinese.outlines).toBeGreaterThanOrEqual(2);
      expect(await hover(h.frame, '#chart [data-luck-pillar="1"]')).toContain('Luck pillar 1');
      await shot(h, `chart-view-bazi-${size === PHONE ? 'phone' : 'desktop'}.png`);
      expectQuiet(h);
      await h.page.close();
    }
  }, 90_000);
});
