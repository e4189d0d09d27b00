/**
 * Scores SAGE on a labelled question set (test/fixtures/sage-user-eval.ts and sage-calibration.ts):
 * the right entry at rank 1 and in the top 5 among the in-scope questions that SAGE answers or
 * abstains on alike, and abstention precision, recall and false-abstention rate. Shared by the test
 * that holds the targets, the benchmark that reports them and the calibration script.
 */
import type { Retrieval } from '../../src/sage/index.js';
import type { LabelledQuestion } from '../fixtures/sage-labels.js';

export interface EvalResult {
  questions: number;
  inScope: number;
  offTopic: number;
  /** Share of in-scope questions whose first entry is labelled. */
  rank1: number;
  /** Share of in-scope questions with a labelled entry among the first five. */
  top5: number;
  /** Of the questions SAGE abstained on, the share that should be. */
  abstainPrecision: number;
  /** Of the questions that should be abstained on, the share SAGE did. */
  abstainRecall: number;
  /** Share of in-scope questions SAGE refused. */
  falseAbstention: number;
  /** One line per question that missed a target, for reading. */
  misses: string[];
}

export async function evaluate(
  set: readonly LabelledQuestion[],
  retrieve: (q: string) => Promise<Retrieval>,
): Promise<EvalResult> {
  let rank1 = 0;
  let top5 = 0;
  let abstained = 0;
  let rightAbstentions = 0;
  let falseAbstentions = 0;
  const misses: string[] = [];
  const inScope = set.filter((e) => e.ids.length > 0);
  for (const e of set) {
    const r = await retrieve(e.q);
    const top = r.entries.slice(0, 5);
    const evidence = `cov ${r.evidence.coverage.toFixed(2)} named ${r.evidence.named.toFixed(2)} tell ${r.evidence.telling}`;
    if (r.abstain) abstained++;
    if (e.ids.length === 0) {
      if (r.abstain) rightAbstentions++;
      else misses.push(`answered off-topic: ${e.q} -> ${top[0]} (${evidence})`);
      continue;
    }
    if (r.abstain) {
      falseAbstentions++;
      misses.push(`abstained: ${e.q} -> ${top.slice(0, 3).join(', ')} (${evidence})`);
    }
    if (e.ids.includes(top[0] ?? '')) rank1++;
    else misses.push(`rank 1: ${e.q} -> ${top.join(', ')} (want ${e.ids.join(' | ')})`);
    if (e.ids.some((id) => top.includes(id))) top5++;
  }
  const offTopic = set.length - inScope.length;
  return {
    questions: set.length,
    inScope: inScope.length,
    offTopic,
    rank1: rank1 / inScope.length,
    top5: top5 / inScope.length,
    abstainPrecision: abstained ? rightAbstentions / abstained : 1,
    abstainRecall: offTopic ? rightAbstentions / offTopic : 1,
    falseAbstention: falseAbstentions / inScope.length,
    misses,
  };
}

export const formatResult = (r: EvalResult): string =>
  `${r.questions} questions (${r.inScope} in scope, ${r.offTopic} off topic): rank 1 ${r.rank1.toFixed(3)}, ` +
  `top 5 ${r.top5.toFixed(3)}, abstention precision ${r.abstainPrecision.toFixed(3)}, recall ` +
  `${r.abstainRecall.toFixed(3)}, false abstention ${r.falseAbstention.toFixed(3)}`;
