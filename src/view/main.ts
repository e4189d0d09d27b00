import { App, type McpUiHostContext } from '@modelcontextprotocol/ext-apps';
import { cjkInlineSvg } from '../core/render/cjk-outlines.js';
import { type ChartKind, chartKind, drawChart, type ViewSettings } from './chart.js';
import { type Attributes, TOOLTIP_SELECTOR, type Tooltip, tooltipFor } from './tooltips.js';

/**
 * The chart view of the MCP App (scripts/build-app.ts bundles it into one HTML page): it receives a
 * chart tool's result from the host, draws its `structuredContent` with the service's own renderers,
 * and lets the reader explore it: hover or tap a part for its tooltip, switch the wheel's rings and
 * the theme. It makes no request of its own; everything it shows comes through the host bridge.
 */

interface Shown {
  kind: ChartKind;
  data: unknown;
}

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const stage = byId<HTMLDivElement>('chart');
const tip = byId<HTMLDivElement>('tooltip');
const status = byId<HTMLParagraphElement>('status');
const themeButton = byId<HTMLButtonElement>('theme');
const ringBoxes = {
  designRing: byId<HTMLInputElement>('design-ring'),
  gateRing: byId<HTMLInputElement>('gate-ring'),
};
const ringControls = byId<HTMLFieldSetElement>('rings');

const settings: ViewSettings = { theme: 'light', designRing: false, gateRing: false };
let shown: Shown | undefined;
let pinned: Element | undefined;

const today = () => new Date().toISOString().slice(0, 10);

function draw(): void {
  document.documentElement.dataset.theme = settings.theme;
  themeButton.textContent = settings.theme === 'dark' ? 'Light theme' : 'Dark theme';
  themeButton.setAttribute('aria-pressed', String(settings.theme === 'dark'));
  if (!shown) return;
  ringControls.hidden = shown.kind !== 'wheel';
  hideTooltip();
  // The renderers escape every text they draw, so their SVG is inserted as markup.
  stage.innerHTML = drawChart(shown.kind, shown.data, settings, stage.clientWidth || 640, today());
}

function show(data: unknown): void {
  const kind = chartKind(data);
  if (!kind) {
    say('This result has no chart to draw.');
    return;
  }
  shown = { kind, data };
  say('');
  draw();
}

function say(message: string): void {
  status.textContent = message;
  status.hidden = message === '';
}

/**
 * The data-* attributes of a part by their names as written (`gate-label`, not the dataset's
 * `gateLabel`), and the side (personality or design) of the group it is in.
 */
function attributesOf(part: Element): Attributes {
  const out: Attributes = {};
  for (const { name, value } of part.attributes) if (name.startsWith('data-')) out[name.slice(5)] = value;
  out.side ??= part.closest('[data-side]')?.getAttribute('data-side') ?? undefined;
  return out;
}

const CHINESE = /([\u2e80-\u9fff]+)/;

/**
 * `text` in an element, its Chinese drawn as the chart's outlines: the reader's system may have no
 * CJK font (the chart itself is drawn the same way).
 */
function textElement<K extends keyof HTMLElementTagNameMap>(tag: K, text: string): HTMLElementTagNameMap[K] {
  const out = document.createElement(tag);
  for (const [i, piece] of text.split(CHINESE).entries()) {
    const svg = i % 2 === 1 ? cjkInlineSvg(piece) : undefined;
    if (svg === undefined) {
      if (piece) out.append(piece);
      continue;
    }
    const holder = document.createElement('span');
    holder.innerHTML = svg;
    out.append(...holder.childNodes);
  }
  return out;
}

function showTooltip(part: Element, x: number, y: number): void {
  if (!shown) return;
  const found: Tooltip | undefined = tooltipFor(shown.kind, shown.data, attributesOf(part));
  if (!found) return hideTooltip();
  const parts: HTMLElement[] = [textElement('strong', found.title)];
  for (const line of found.lines) parts.push(textElement('span', line));
  if (found.text) parts.push(textElement('p', found.text));
  tip.replaceChildren(...parts);
  tip.hidden = false;
  place(x, y);
}

/** Beside the pointer, inside the window. */
function place(x: number, y: number): void {
  const margin = 12;
  const { width, height } = tip.getBoundingClientRect();
  const left = Math.min(Math.max(4, x + margin), window.innerWidth - width - 4);
  const top = y + margin + height > window.innerHeight ? Math.max(4, y - margin - height) : y + margin;
  tip.style.left = `${left + window.scrollX}px`;
  tip.style.top = `${top + window.scrollY}px`;
}

function hideTooltip(): void {
  tip.hidden = true;
  pinned = undefined;
}

const partAt = (target: EventTarget | null): Element | null =>
  target instanceof Element && stage.contains(target) ? target.closest(TOOLTIP_SELECTOR) : null;

stage.addEventListener('pointermove', (event) => {
  if (event.pointerType !== 'mouse' || pinned) return;
  const part = partAt(event.target);
  if (part) showTooltip(part, event.clientX, event.clientY);
  else hideTooltip();
});
stage.addEventListener('pointerleave', (event) => {
  if (event.pointerType === 'mouse' && !pinned) hideTooltip();
});
// A tap (or a click) pins the part's tooltip; another tap elsewhere, or Escape, lets it go.
document.addEventListener('click', (event) => {
  const part = partAt(event.target);
  if (part && part !== pinned) {
    showTooltip(part, event.clientX, event.clientY);
    pinned = part;
  } else if (!tip.contains(event.target as Node)) hideTooltip();
});
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') hideTooltip();
});

themeButton.addEventListener('click', () => {
  settings.theme = settings.theme === 'dark' ? 'light' : 'dark';
  draw();
});
for (const [name, box] of Object.entries(ringBoxes) as [keyof typeof ringBoxes, HTMLInputElement][]) {
  box.addEventListener('change', () => {
    settings[name] = box.checked;
    draw();
  });
}
let lastWidth = 0;
new ResizeObserver(() => {
  // Redrawn at the new width (the renderers choose their compact layout under 600 pixels).
  if (Math.abs(stage.clientWidth - lastWidth) < 8) return;
  lastWidth = stage.clientWidth;
  draw();
}).observe(stage);

function followHost(context: McpUiHostContext | undefined): void {
  if (context?.theme && context.theme !== settings.theme) {
    settings.theme = context.theme;
    draw();
  }
}

const app = new App({ name: 'chart-service chart view', version: '1.0.0' }, {});
app.ontoolresult = (result) => {
  if (result.isError)
    return say(result.content?.map((c) => (c.type === 'text' ? c.text : '')).join(' ') ?? '');
  show(result.structuredContent ?? parsedText(result.content));
};
app.onhostcontextchanged = (context) => followHost(context);
say('Waiting for the chart…');
draw();
app.connect().then(
  () => followHost(app.getHostContext()),
  () => say('This view needs a chat client that shows MCP Apps.'),
);

/** A result without structuredContent (older hosts pass only the content): its JSON text. */
function parsedText(content: { type: string; text?: string }[] | undefined): unknown {
  const text = content?.find((c) => c.type === 'text')?.text;
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}
