/**
 * The README's table of what is served, generated from the registry (as github-mcp-server generates
 * its README tool docs from its inventory): each tool and REST-only endpoint with its title, the
 * product it needs, its cost and its canonical REST path; the MCP resources; and the size of the
 * `tools/list` answer as the MCP endpoint sends it (compact JSON, built in-process the same way). It
 * rewrites the region between the two markers of README.md; test/surface/readme-tools.test.ts fails
 * when README.md differs from what this writes.
 *
 * Run: npm run docs:readme
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ENDPOINTS } from '../src/endpoints/index.js';
import { listToolsInProcess } from '../src/mcp/tool-listing.js';
import { type Access, ACCESS_PRODUCTS, type AnyOperation } from '../src/operations/types.js';
import { RESOURCES } from '../src/resources/index.js';
import type { MeterName } from '../src/store/index.js';
import { TOOLS } from '../src/tools/index.js';

export const README = join(import.meta.dirname, '..', 'README.md');
export const START = '<!-- tools:start -->';
export const END = '<!-- tools:end -->';
export const COMMAND = 'npm run docs:readme';

/** What one unit of each meter is called, as the tool descriptions say it. */
const METER_UNIT: Record<MeterName, string> = { chart: 'chart request', sage: 'SAGE response' };

/**
 * The cost in words, from the description's own "Costs ..." sentence (what a model reads), checked
 * against the operation's meter: a metered operation must name its unit, an unmetered one must not
 * claim a cost.
 */
export function costInWords(op: AnyOperation): string {
  const claim = /\bCosts (\d[^.;(,]*)/.exec(op.description)?.[1]?.trim();
  if (!op.meter) {
    if (claim) throw new Error(`${op.name} is not metered, but its description says "Costs ${claim}"`);
    return 'free';
  }
  const unit = METER_UNIT[op.meter];
  if (!claim?.includes(unit)) {
    throw new Error(`${op.name} is metered (${op.meter}): its description must say "Costs 1 ${unit} ..."`);
  }
  return op.cacheable ? `${claim}; repeats free` : claim;
}

function productInWords(access: Access): string {
  if (access === 'public') return 'none (no key)';
  if (access === 'free') return 'any key';
  return ACCESS_PRODUCTS[access].map((p) => `\`${p}\``).join(' or ');
}

/** The canonical REST paths, methods of one path together: `POST, GET /api/sage`. */
function restPaths(op: AnyOperation): string {
  const methods = new Map<string, string[]>();
  for (const b of op.http) methods.set(b.path, [...(methods.get(b.path) ?? []), b.method]);
  return [...methods].map(([path, m]) => `\`${m.join(', ')} ${path}\``).join(', ');
}

const cell = (text: string): string => text.replace(/\|/g, '\\|');

function table(first: string, ops: readonly AnyOperation[]): string {
  return [
    `| ${first} | Summary | Product | Cost | REST |`,
    '|---|---|---|---|---|',
    ...ops.map(
      (op) =>
        `| \`${op.name}\` | ${cell(op.title)} | ${productInWords(op.access)} | ${cell(costInWords(op))} | ${restPaths(op)} |`,
    ),
  ].join('\n');
}

/** The generated region's content (between the markers). */
export async function toolsSection(): Promise<string> {
  const bytes = Buffer.byteLength(JSON.stringify(await listToolsInProcess(TOOLS)));
  const resources = RESOURCES.map((r) => `\`${r.uri}\` (${r.title})`).join(', ');
  return [
    `<!-- Generated from src/tools/index.ts and src/endpoints/index.ts by \`${COMMAND}\`; do not edit. -->`,
    '',
    `${TOOLS.length} MCP tools, each also served over REST:`,
    '',
    table('Tool', TOOLS),
    '',
    `The whole \`tools/list\` answer is about ${Math.round(bytes / 1000)} KB of compact JSON, as the MCP ` +
      'endpoint sends it.',
    '',
    `${ENDPOINTS.length} REST-only operations:`,
    '',
    table('Operation', ENDPOINTS),
    '',
    `MCP resources: ${resources}.`,
  ].join('\n');
}

/** `readme` with the region between the markers replaced by `section`. */
export function withToolsSection(readme: string, section: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md needs the markers ${START} and ${END}, in order`);
  return `${readme.slice(0, start + START.length)}\n${section}\n${readme.slice(end)}`;
}

async function main(): Promise<void> {
  const readme = readFileSync(README, 'utf8');
  const updated = withToolsSection(readme, await toolsSection());
  if (updated === readme) {
    console.log('README.md: the tool table is up to date');
    return;
  }
  writeFileSync(README, updated);
  console.log('README.md: the tool table was rewritten');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
