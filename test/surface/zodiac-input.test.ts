/**
 * The zodiac inputs (issue 38, part 3) as every surface validates them (operations/input.ts, shared by
 * MCP and REST): get_astrology_chart and the wheel take `zodiac` and `ayanamsa`; an ayanamsa alone
 * implies sidereal, an ayanamsa with zodiac "tropical" is refused on the ayanamsa field, an unknown
 * ayanamsa names the accepted ones. Human Design tools would silently drop unknown fields: there
 * `zodiac` and `ayanamsa` are an explicit invalid_input naming the field (Human Design is tropical).
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/core/errors.js';
import { parseInput } from '../../src/operations/input.js';
import type { AnyOperation } from '../../src/operations/types.js';
import { TOOLS } from '../../src/tools/index.js';
import { PICTURES as PICTURE_OPERATIONS } from '../../src/endpoints/pictures.js';

const tool = (name: string) => TOOLS.find((t) => t.name === name) as unknown as AnyOperation;
const birth = { birthDate: '1990-05-15', birthTime: '14:30', birthLocation: 'Montreal, QC' };

function refusal(op: AnyOperation, raw: unknown): AppError {
  try {
    parseInput(op, raw);
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('the input was accepted');
}

const fields = (e: AppError) => (e.details as { field: string }[]).map((d) => d.field);

describe('get_astrology_chart and the wheel', () => {
  const ops = [
    tool('get_astrology_chart'),
    ...PICTURE_OPERATIONS.filter((o) => o.name.startsWith('render_wheel_')),
  ];

  it('accept zodiac and ayanamsa, each alone or together', () => {
    expect(ops.length).toBe(3);
    for (const op of ops) {
      expect(parseInput(op, { ...birth, zodiac: 'sidereal' })).toMatchObject({ zodiac: 'sidereal' });
      expect(parseInput(op, { ...birth, ayanamsa: 'raman' })).toMatchObject({ ayanamsa: 'raman' });
      expect(parseInput(op, { ...birth, zodiac: 'sidereal', ayanamsa: 'true-chitra' })).toMatchObject({
        zodiac: 'sidereal',
        ayanamsa: 'true-chitra',
      });
      expect(parseInput(op, { ...birth, zodiac: 'tropical' })).toMatchObject({ zodiac: 'tropical' });
    }
  });

  it('refuse an ayanamsa with zodiac "tropical", on the ayanamsa field', () => {
    for (const op of ops) {
      const e = refusal(op, { ...birth, zodiac: 'tropical', ayanamsa: 'lahiri' });
      expect(e.code).toBe('invalid_input');
      expect(fields(e)).toEqual(['ayanamsa']);
      expect(e.message).toContain('send zodiac "sidereal"');
    }
  });

  it('refuse an unknown ayanamsa or zodiac, naming what is accepted', () => {
    for (const op of ops) {
      const e = refusal(op, { ...birth, zodiac: 'sidereal', ayanamsa: 'yukteshwar' });
      expect(fields(e)).toEqual(['ayanamsa']);
      expect(e.message).toContain('"lahiri", "fagan-bradley", "krishnamurti", "raman", "true-chitra"');
      const z = refusal(op, { ...birth, zodiac: 'draconic' });
      expect(fields(z)).toEqual(['zodiac']);
      expect(z.message).toContain('"tropical" or "sidereal"');
    }
  });
});

describe('Human Design tools', () => {
  const ops = [
    ...['generate_chart', 'generate_composite', 'multi_chart'].map(tool),
    ...PICTURE_OPERATIONS.filter((o) => o.name.startsWith('render_bodygraph_')),
  ];
  for (const op of ops) {
    it(`${op.name} refuses zodiac and ayanamsa instead of dropping them`, () => {
      const e = refusal(op, { ...birth, zodiac: 'sidereal', ayanamsa: 'lahiri' });
      expect(e.code).toBe('invalid_input');
      expect(fields(e)).toEqual(['zodiac', 'ayanamsa']);
      expect(e.message).toContain(
        'zodiac: not accepted here: Human Design is defined on the tropical zodiac',
      );
      expect(e.message).toContain('get_astrology_chart with zodiac "sidereal"');
    });
  }

  it('generate_chart still accepts an input without them', () => {
    expect(parseInput(tool('generate_chart'), birth)).toMatchObject(birth);
  });
});
