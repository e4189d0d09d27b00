import type { Store } from '../../src/store/index.js';
import type { ChartData } from '../../src/core/human-design/index.js';
import type { AnyTool, Deps } from '../../src/operations/types.js';
import { sharedCities, sharedEphemeris, sharedKnowledge } from './service.js';

/** Deps for calling a chart tool's run() directly: the chart tools never touch the store. */
export async function chartDeps(): Promise<Deps> {
  return {
    cities: await sharedCities(),
    ephemeris: sharedEphemeris(),
    knowledge: await sharedKnowledge(),
    now: () => new Date('2026-01-15T12:00:00Z'),
    store: new Proxy({} as Store, {
      get() {
        throw new Error('the chart tools must not use the store');
      },
    }),
  };
}

/** Runs a tool's own input schema and run(), as the invoke path does (minus access and metering). */
export async function runTool<T = ChartData>(
  tool: AnyTool,
  deps: Deps,
  raw: Record<string, unknown>,
): Promise<{ data: T; warnings: string[] }> {
  const input = tool.input.parse(raw);
  const warnings: string[] = [];
  const data = (await tool.run(input, deps, { caller: null, warnings })) as T;
  return { data, warnings };
}

/** `gate.line` of a position. */
export const gateLine = (p: { gate: number; line: number }): string => `${p.gate}.${p.line}`;
/** `gate.line.color.tone.base` of a position. */
export const fullActivation = (p: {
  gate: number;
  line: number;
  color: number;
  tone: number;
  base: number;
}): string => `${p.gate}.${p.line}.${p.color}.${p.tone}.${p.base}`;
