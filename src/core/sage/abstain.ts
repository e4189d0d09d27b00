import type { KnowledgeDomain } from '../knowledge/index.js';

/**
 * When SAGE says the knowledge base does not cover a question instead of answering from the closest
 * passage. The evidence is what the best entry found, and the base as a whole, hold of the question:
 * - `coverage`: the share of the question's weight (each token weighted by its rarity across the
 *   entries, a word the base never uses weighing most) that the best entry holds;
 * - `known`: the share of that weight the base holds anywhere: "how do I clean a projector lens"
 *   names a Human Design type, but "clean" and "lens" are words the base never uses;
 * - `named`: the weight of the name the question gives an entry (0 when it names none), "gate 34" or
 *   "Mars in the 7th" weighing more than "fire", as a share of an unknown word's weight (the most a
 *   single word weighs), so that it reads the same on a base of any size;
 * - `telling`: how strongly the question's words point at one of the three systems.
 *
 * A logistic model over these gives the probability that the question is in scope; below the
 * threshold SAGE abstains. Weights and threshold were fitted on a labelled calibration set of
 * user-worded questions, in scope and off topic (test/fixtures/sage-calibration.ts, with
 * `npx tsx scripts/calibrate-sage.ts`): the threshold is the one with the best abstention F1 among
 * those that refuse at most 2% of the in-scope questions. The evaluation set the tests hold the
 * targets to is a different one.
 */

export interface AbstainEvidence {
  coverage: number;
  /** The share of the question's weight the knowledge base knows at all (in any entry). */
  known: number;
  named: number;
  telling: number;
}

export interface AbstainModel {
  weights: { bias: number; coverage: number; known: number; named: number; telling: number };
  /** In-scope probability below which SAGE abstains. */
  threshold: number;
}

/** The model's inputs, each on a scale of about 0 to 1. */
export const abstainFeatures = (e: AbstainEvidence): AbstainModel['weights'] => ({
  bias: 1,
  coverage: e.coverage,
  known: e.known,
  named: Math.min(e.named, 2),
  telling: Math.min(e.telling, 10) / 10,
});

export const ABSTAIN_MODEL: AbstainModel = {
  weights: { bias: -3.52, coverage: 2.54, known: 1.79, named: 2.07, telling: 1.11 },
  threshold: 0.55,
};

/** The probability, by the model, that the knowledge base covers the question. */
export function inScopeProbability(e: AbstainEvidence, model: AbstainModel = ABSTAIN_MODEL): number {
  const x = abstainFeatures(e);
  const w = model.weights;
  const z =
    w.bias * x.bias + w.coverage * x.coverage + w.known * x.known + w.named * x.named + w.telling * x.telling;
  return 1 / (1 + Math.exp(-z));
}

/** Whether to say the knowledge base does not cover the question instead of answering. */
export const shouldAbstain = (e: AbstainEvidence, model: AbstainModel = ABSTAIN_MODEL): boolean =>
  inScopeProbability(e, model) < model.threshold;

const SYSTEM_NAME: Record<KnowledgeDomain, string> = {
  hd: 'Human Design',
  astrology: 'Western astrology',
  bazi: 'BaZi',
};

const EXAMPLES: Record<KnowledgeDomain, string> = {
  hd: '"What is a 4/1 profile?", "What does an open Ajna mean?"',
  astrology: '"What does Venus in Taurus mean?", "What is Mars in the 7th house?"',
  bazi: '"What is a Geng metal day master?", "What does the Rat-Horse clash mean?"',
};

const COVERS =
  '- **Human Design**: types and strategies, authorities, centers, gates, channels, profiles and ' +
  'lines, definition, incarnation crosses, variables and transits;\n' +
  '- **Western astrology**: signs, planets, houses, aspects, planets in each sign and house, the ' +
  'angles, elements and modalities, transits, retrogrades, returns and eclipses;\n' +
  '- **BaZi**: the four pillars, stems and branches, the five elements, the ten gods, the day ' +
  "master's strength, combinations, clashes, harms and punishments of the branches, symbolic stars, " +
  'luck pillars and na yin.';

/**
 * The reply when the knowledge base does not cover a question: what SAGE can answer instead, with
 * examples. `systems` are the systems the question names; a question that names a system and
 * nothing else is asked for a topic.
 */
export function abstentionAnswer(systems: readonly KnowledgeDomain[], onlySystem: boolean): string {
  if (onlySystem && systems.length) {
    const named = systems.map((d) => SYSTEM_NAME[d]).join(' and ');
    return (
      `Your question names ${named} but no topic within it. Ask about one thing, for example ` +
      `${systems.map((d) => EXAMPLES[d]).join(', ')}.\n\nThis reply is not charged as a SAGE response.`
    );
  }
  return (
    "SAGE's knowledge base does not cover this question, so there is no answer to give rather than a " +
    `guess. SAGE answers questions about:\n\n${COVERS}\n\nAsk about one of these, for example ` +
    '"What is a 4/1 profile?", "What does Venus in Taurus mean?" or "What is a Geng metal day master?".' +
    '\n\nThis reply is not charged as a SAGE response.'
  );
}
