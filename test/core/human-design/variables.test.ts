/**
 * Variable notation, PHS and Rave Psychology.
 * Sources: human-design.md section 9 (tone 1-3 Left, 4-6 Right; `P{Sun}{Node} D{Sun}{Node}` order;
 * arrow labels) and section 10 (colour names, left/right variants, groups, cognition, sense,
 * transference, distraction), including the published values quoted there: IB/MyBodyGraph (Sound
 * with the Low right variant, "Circumstances"; Valleys colour 5; Guilt colour 5 -> transference Hope;
 * Possibility colour 2 -> distraction Probability), BZ (Design Sun colour 6 tone 2 -> "Direct";
 * P-Sun tone 3 -> Sense "Action"; Mountains), SA README (digestion colour 5 tone 2 Left).
 */
import { describe, expect, it } from 'vitest';
import type { Color, Tone } from '../../../src/core/human-design/tables.js';
import {
  orientationOfTone,
  primaryHealthSystem,
  ravePsychology,
  variableNotation,
} from '../../../src/core/human-design/variables.js';

const ct = (color: Color, tone: Tone) => ({ color, tone });

describe('orientation', () => {
  it('is Left for tones 1-3 and Right for 4-6', () => {
    expect(([1, 2, 3, 4, 5, 6] as Tone[]).map(orientationOfTone)).toEqual([
      'Left',
      'Left',
      'Left',
      'Right',
      'Right',
      'Right',
    ]);
  });

  it('writes P-Sun, P-Node, D-Sun, D-Node', () => {
    expect(
      variableNotation({
        personalitySun: ct(1, 3),
        personalityNode: ct(1, 4),
        designSun: ct(1, 1),
        designNode: ct(1, 6),
      }),
    ).toBe('PLR DLR');
  });
});

describe('published PHS values (section 10)', () => {
  it('digestion: colour 5 tone 2 is Sound, Left, High (SA README); a right tone gives Low (IB)', () => {
    const left = primaryHealthSystem(ct(5, 2), ct(1, 1)).digestion;
    expect(left).toMatchObject({
      name: 'Sound',
      orientation: 'Left',
      variant: 'High',
      group: 'Circumstances',
    });
    const right = primaryHealthSystem(ct(5, 5), ct(1, 1)).digestion;
    expect(right).toMatchObject({ variant: 'Low', orientationLabel: 'Passive', cognition: 'Feeling' });
  });

  it('digestion: colour 6 tone 2 is Light, Direct (BZ)', () => {
    expect(primaryHealthSystem(ct(6, 2), ct(1, 1)).digestion).toMatchObject({
      name: 'Light',
      variant: 'Direct',
    });
  });

  it('environment: colour 5 is Valleys (IB), colour 4 Mountains (BZ), colour 1 Caves Selective/Blending', () => {
    expect(primaryHealthSystem(ct(1, 1), ct(5, 1)).environment).toMatchObject({
      name: 'Valleys',
      group: 'Landscape',
    });
    expect(primaryHealthSystem(ct(1, 1), ct(4, 6)).environment.name).toBe('Mountains');
    expect(primaryHealthSystem(ct(1, 1), ct(1, 3)).environment).toMatchObject({
      variant: 'Selective',
      orientationLabel: 'Observed',
      group: 'Hardscape',
    });
    expect(primaryHealthSystem(ct(1, 1), ct(1, 4)).environment).toMatchObject({
      variant: 'Blending',
      orientationLabel: 'Observer',
    });
  });
});

describe('published Rave Psychology values (section 10)', () => {
  it('motivation: colour 5 is Guilt with transference Hope (IB, BZ); tone 3 sense is Action (BZ)', () => {
    expect(ravePsychology(ct(5, 3), ct(1, 1)).motivation).toEqual({
      color: 5,
      name: 'Guilt',
      tone: 3,
      orientation: 'Left',
      orientationLabel: 'Strategic',
      transference: 'Hope',
      sense: 'Action',
    });
  });

  it('perspective: colour 2 is Possibility with distraction Probability (IB); right tones are Peripheral', () => {
    expect(ravePsychology(ct(1, 1), ct(2, 6)).perspective).toEqual({
      color: 2,
      name: 'Possibility',
      tone: 6,
      orientation: 'Right',
      orientationLabel: 'Peripheral',
      distraction: 'Probability',
    });
  });

  it('perspective uses the majority colours 4 Wanting and 6 Personal (section 14)', () => {
    expect(ravePsychology(ct(1, 1), ct(4, 1)).perspective.name).toBe('Wanting');
    expect(ravePsychology(ct(1, 1), ct(6, 1)).perspective.name).toBe('Personal');
  });

  it('transference and distraction are the names three colours on (section 10.3/10.4 tables)', () => {
    const transference = ([1, 2, 3, 4, 5, 6] as Color[]).map((c) => ravePsychology(ct(c, 1), ct(c, 1)));
    expect(transference.map((r) => r.motivation.transference)).toEqual([
      'Need',
      'Guilt',
      'Innocence',
      'Fear',
      'Hope',
      'Desire',
    ]);
    expect(transference.map((r) => r.perspective.distraction)).toEqual([
      'Wanting',
      'Probability',
      'Personal',
      'Survival',
      'Possibility',
      'Power',
    ]);
  });
});
