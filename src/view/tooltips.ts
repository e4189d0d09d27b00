import type { ChartKind } from './chart.js';

/**
 * What the view shows for the part of a chart under the pointer: read from the part's `data-*`
 * attributes (what the renderers put on every gate, center, channel, planet, house, aspect and
 * pillar) and the answer the chart was drawn from, with the knowledge base's explanation when the
 * answer carries tooltips (`include="tooltips"`). Pure: attributes and answer in, text out.
 */

export interface Tooltip {
  title: string;
  /** Facts, one a line. */
  lines: string[];
  /** The explanation's first paragraph, when the answer has one. */
  text?: string;
}

/** The `data-*` attributes of the hovered part and of its enclosing `data-side` group. */
export type Attributes = Record<string, string | undefined>;

/** The parts that have a tooltip, nearest first (the CSS selector the view looks them up with). */
export const TOOLTIP_SELECTOR = [
  '[data-gate]',
  '[data-gate-label]',
  '[data-center]',
  '[data-channel]',
  '[data-planet]',
  '[data-arrow]',
  '[data-sign]',
  '[data-house]',
  '[data-angle]',
  '[data-aspect]',
  '[data-hidden-stem]',
  '[data-pillar]',
  '[data-luck-pillar]',
  '[data-element]',
].join(',');

type Json = Record<string, unknown>;
interface Entry {
  title?: string;
  text?: string;
}

const obj = (v: unknown): Json => (typeof v === 'object' && v !== null ? (v as Json) : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const firstParagraph = (text: string | undefined) => text?.split(/\n\s*\n/)[0]?.trim() || undefined;
const entry = (data: Json, group: string, key: string | undefined): Entry =>
  key === undefined ? {} : (obj(obj(obj(data.tooltips)[group])[key]) as Entry);
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The tooltip of one part of a chart, or undefined when the part has none. */
export function tooltipFor(kind: ChartKind, answer: unknown, a: Attributes): Tooltip | undefined {
  const data = obj(answer);
  const found =
    kind === 'bodygraph' ? bodygraphTip(data, a) : kind === 'wheel' ? wheelTip(data, a) : baziTip(data, a);
  if (!found) return undefined;
  const { text, ...rest } = found;
  const paragraph = firstParagraph(text);
  return paragraph ? { ...rest, text: paragraph } : rest;
}

function bodygraphTip(data: Json, a: Attributes): Tooltip | undefined {
  const gate = a['gate'] ?? a['gate-label'];
  if (gate !== undefined) {
    const sources = obj(obj(data.activations)[gate]);
    const side = (name: string, list: unknown) =>
      Array.isArray(list) && list.length > 0
        ? [`${name}: ${list.map((s) => `${str(obj(s).planet)} line ${String(obj(s).line)}`).join(', ')}`]
        : [];
    const lines = [...side('Personality', sources.personality), ...side('Design', sources.design)];
    const tip = entry(data, 'gates', gate);
    return {
      title: tip.title ?? `Gate ${gate}`,
      lines: lines.length ? lines : ['Not activated'],
      text: tip.text,
    };
  }
  if (a.center !== undefined) {
    const tip = entry(data, 'centers', a.center);
    const defined = a.defined === 'true' ? 'Defined' : 'Open (undefined)';
    return { title: tip.title ?? `${a.center} Center`, lines: [defined], text: tip.text };
  }
  if (a.channel !== undefined) {
    const channels = Array.isArray(data.channels) ? data.channels.map(obj) : [];
    const listed = channels.find((c) => c.gates === a.channel);
    const tip = entry(data, 'channels', a.channel);
    const lines = listed
      ? [`Defined${str(listed.circuitry) ? `, ${str(listed.circuitry)} circuitry` : ''}`]
      : ['Not defined in this chart'];
    return {
      title: tip.title ?? `Channel ${a.channel}${listed ? ` — ${str(listed.name)}` : ''}`,
      lines,
      text: tip.text,
    };
  }
  if (a.planet !== undefined && a['activation-of'] !== undefined) {
    const side = a.side === 'design' ? 'Design' : 'Personality';
    const at = obj(obj(data[a.side === 'design' ? 'design' : 'personality'])[a.planet]);
    const [gateOf, line] = a['activation-of'].split('.');
    const exact = ['color', 'tone', 'base'].every((k) => typeof at[k] === 'number')
      ? [`Color ${String(at.color)}, tone ${String(at.tone)}, base ${String(at.base)}`]
      : [];
    const sign = str(at.sign) ? [`In ${str(at.sign)}`] : [];
    return { title: `${side} ${a.planet}`, lines: [`Gate ${gateOf}, line ${line}`, ...exact, ...sign] };
  }
  if (a.arrow !== undefined) {
    return { title: `Variable: ${a.arrow}`, lines: [`Arrow pointing ${a.orientation ?? ''}`.trim()] };
  }
  return undefined;
}

/** A body of an astrology chart side by the name the wheel shows (planets, points, asteroids). */
function bodyNamed(chart: Json, name: string): Json | undefined {
  for (const group of ['planets', 'points', 'asteroids']) {
    const found = Object.values(obj(chart[group])).find((b) => obj(b).name === name);
    if (found) return obj(found);
  }
  return undefined;
}

function wheelTip(data: Json, a: Attributes): Tooltip | undefined {
  const side = a.side === 'design' ? 'design' : 'personality';
  const chart = obj(data[side]);
  if (a.planet !== undefined) {
    const body = bodyNamed(chart, a.planet) ?? {};
    const lines = [
      str(body.positionFormatted) ?? a.sign ?? '',
      typeof body.house === 'number' ? `House ${body.house}` : '',
      body.isRetrograde === true ? 'Retrograde' : '',
    ].filter(Boolean);
    const tip = { ...entry(data, 'planets', a.planet), ...entry(data, 'points', a.planet) };
    const title = `${a.planet}${side === 'design' ? ' (Design)' : ''}`;
    return { title, lines, text: tip.text };
  }
  if (a.aspect !== undefined) {
    const [p1, p2] = (a.planets ?? '').split(' ');
    const aspects = Object.values(obj(chart.aspects)).flatMap((list) =>
      Array.isArray(list) ? list.map(obj) : [],
    );
    const found = aspects.find((x) => x.planet1 === p1 && x.planet2 === p2 && x.aspect === a.aspect);
    const orb = typeof found?.orb === 'number' ? [`Orb ${found.orb.toFixed(2)}°`] : [];
    const tip = entry(data, 'aspects', a.aspect);
    return {
      title: `${p1} ${a.aspect} ${p2}`,
      lines: [...orb, capital(a.nature ?? '')].filter(Boolean),
      text: tip.text,
    };
  }
  if (a.house !== undefined) {
    const houses = Array.isArray(chart.houses) ? chart.houses.map(obj) : [];
    const house = houses.find((h) => String(h.house) === a.house) ?? {};
    const tip = entry(data, 'houses', a.house);
    const cusp = str(house.sign) ? [`Cusp in ${str(house.sign)}`] : [];
    return { title: tip.title ?? str(house.name) ?? `House ${a.house}`, lines: cusp, text: tip.text };
  }
  if (a.angle !== undefined) {
    const names: Record<string, string> = {
      AC: 'Ascendant',
      MC: 'Midheaven',
      DC: 'Descendant',
      IC: 'Imum Coeli',
    };
    return { title: names[a.angle] ?? a.angle, lines: [a.position ?? ''].filter(Boolean) };
  }
  if (a.gate !== undefined || a['gate-label'] !== undefined) {
    const gate = a.gate ?? a['gate-label'];
    const start = a.start !== undefined ? [`Begins at ${Number(a.start).toFixed(2)}° of the zodiac`] : [];
    return { title: `Human Design gate ${gate}`, lines: start };
  }
  if (a.sign !== undefined) {
    const tip = entry(data, 'signs', a.sign);
    return { title: tip.title ?? a.sign, lines: [], text: tip.text };
  }
  return undefined;
}

function baziTip(data: Json, a: Attributes): Tooltip | undefined {
  const stemTip = (char: string | undefined) => entry(data, 'stems', char);
  if (a['hidden-stem'] !== undefined) {
    const tip = stemTip(a['hidden-stem']);
    return { title: tip.title ?? `Hidden stem ${a['hidden-stem']}`, lines: ['Hidden stem'], text: tip.text };
  }
  if (a.pillar !== undefined) {
    const pillar = obj(obj(data.pillars)[a.pillar.toLowerCase()]);
    const stem = obj(pillar.stem);
    const branch = obj(pillar.branch);
    const god = obj(pillar.tenGod);
    const naYin = obj(pillar.naYin);
    const lines = [
      `Stem ${str(stem.char)} ${str(stem.pinyin)}: ${str(stem.polarity)} ${str(stem.element)}`,
      `Branch ${str(branch.char)} ${str(branch.pinyin)}: ${str(branch.animal)}, ${str(branch.element)}`,
      str(god.english) ? `Ten god: ${str(god.english)} (${str(god.chinese)})` : '',
      str(naYin.english) ? `Na yin: ${str(naYin.english)} (${str(naYin.chinese)})` : '',
    ].filter(Boolean);
    const tip = stemTip(str(stem.char));
    return { title: `${capital(a.pillar)} pillar ${a.ganzhi ?? ''}`.trim(), lines, text: tip.text };
  }
  if (a['luck-pillar'] !== undefined) {
    const pillars = obj(data.luckPillars).pillars;
    const pillar = obj(Array.isArray(pillars) ? pillars[Number(a['luck-pillar']) - 1] : undefined);
    const god = obj(pillar.tenGod);
    const lines = [
      a['start-date'] ? `From ${a['start-date']}` : a['start-year'] ? `From ${a['start-year']}` : '',
      str(god.english) ? `Ten god: ${str(god.english)} (${str(god.chinese)})` : '',
      a['in-force'] === 'true' ? 'In force today' : '',
    ].filter(Boolean);
    return { title: `Luck pillar ${a['luck-pillar']} ${a.ganzhi ?? ''}`.trim(), lines };
  }
  if (a.element !== undefined) {
    const count = obj(data.elements)[a.element];
    const tip = entry(data, 'elements', a.element);
    const lines = typeof count === 'number' ? [`${count} in the four pillars`] : [];
    return { title: tip.title ?? capital(a.element), lines, text: tip.text };
  }
  return undefined;
}
