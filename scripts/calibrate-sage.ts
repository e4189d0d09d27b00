/**
 * Chooses SAGE's ranking settings (RANKING in src/sage/retrieval.ts) and fits its abstention model
 * (ABSTAIN_MODEL in src/core/sage/abstain.ts) on the calibration set
 * (test/fixtures/sage-calibration.ts), never on the evaluation set:
 * 1. loads the bundled knowledge base into an in-memory store and runs each question's searches once;
 * 2. tries every ranking setting on a grid and keeps the one with the most in-scope questions right
 *    at rank 1 (then in the top 5);
 * 3. with that ranking, fits a logistic model of "in scope" on the evidence (gradient descent from
 *    zero, light L2 penalty, deterministic) and picks the threshold with the best abstention F1
 *    among those that refuse at most 2% of the in-scope questions, in the middle of the range of
 *    equally good thresholds.
 * Prints the constants to paste and the calibration questions the result still gets wrong.
 *
 *   npx tsx scripts/calibrate-sage.ts [--all]
 */
import { defaultKnowledgeDir } from '../src/core/knowledge/index.js';
import {
  ABSTAIN_MODEL,
  type AbstainEvidence,
  abstainFeatures,
  type AbstainModel,
  hashEmbedder,
  inScopeProbability,
} from '../src/core/sage/index.js';
import {
  type Candidates,
  CatalogCache,
  gather,
  loadSageIndex,
  rank,
  RANKING,
  type RankingSettings,
} from '../src/sage/index.js';
import { openStore } from '../src/store/index.js';
import { SAGE_CALIBRATION } from '../test/fixtures/sage-calibration.js';

const MAX_FALSE_ABSTENTION = 0.02;
const L2 = 0.01;
const STEPS = 20_000;
const RATE = 0.5;

interface Sample {
  q: string;
  inScope: boolean;
  evidence: AbstainEvidence;
}

type Weights = AbstainModel['weights'];
const KEYS = ['bias', 'coverage', 'known', 'named', 'telling'] as const;

function fit(samples: readonly Sample[]): Weights {
  const w: Weights = { bias: 0, coverage: 0, known: 0, named: 0, telling: 0 };
  const xs = samples.map((s) => abstainFeatures(s.evidence));
  for (let step = 0; step < STEPS; step++) {
    const grad: Weights = { bias: 0, coverage: 0, known: 0, named: 0, telling: 0 };
    samples.forEach((s, i) => {
      const p = inScopeProbability(s.evidence, { weights: w, threshold: 0.5 });
      const err = p - (s.inScope ? 1 : 0);
      for (const k of KEYS) grad[k] += (err * xs[i]![k]) / samples.length;
    });
    for (const k of KEYS) w[k] -= RATE * (grad[k] + (k === 'bias' ? 0 : L2 * w[k]));
  }
  for (const k of KEYS) w[k] = Number(w[k].toFixed(2));
  return w;
}

function score(samples: readonly Sample[], model: AbstainModel) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let inScope = 0;
  for (const s of samples) {
    const abstain = inScopeProbability(s.evidence, model) < model.threshold;
    if (s.inScope) inScope++;
    if (abstain && !s.inScope) tp++;
    if (abstain && s.inScope) fp++;
    if (!abstain && !s.inScope) fn++;
  }
  const precision = tp + fp ? tp / (tp + fp) : 1;
  const recall = tp + fn ? tp / (tp + fn) : 1;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1, falseAbstention: fp / inScope };
}

const store = await openStore({ dataDir: 'memory://' });
const embedder = hashEmbedder();
await loadSageIndex(store.sage, defaultKnowledgeDir(), embedder);
const catalog = await new CatalogCache(store.sage).current();
const found: Candidates[] = [];
for (const e of SAGE_CALIBRATION) found.push(await gather(store.sage, embedder, catalog, e.q));
await store.close();

/** Rank-1 and top-5 hits of a ranking setting over the in-scope questions. */
function rankingScore(settings: RankingSettings): [number, number] {
  let first = 0;
  let five = 0;
  SAGE_CALIBRATION.forEach((e, i) => {
    if (!e.ids.length) return;
    const entries = rank(catalog, found[i]!, settings).entries;
    if (e.ids.includes(entries[0] ?? '')) first++;
    if (entries.slice(0, 5).some((id) => e.ids.includes(id))) five++;
  });
  return [first, five];
}

const current = rankingScore(RANKING);
process.stdout.write(
  `ranking in retrieval.ts: ${JSON.stringify(RANKING)} rank 1 ${current[0]}, top 5 ${current[1]}\n`,
);
const tried: { settings: RankingSettings; r: [number, number] }[] = [];
for (const k of [5, 10, 20, 60])
  for (const named of [1, 1.5, 2, 3])
    for (const vector of [0.5, 0.7, 1])
      for (const prior of [0, 0.3, 0.6])
        for (const coverage of [0, 0.05, 0.1, 0.2]) {
          const settings = { k, named, text: 1, vector, prior, coverage };
          tried.push({ settings, r: rankingScore(settings) });
        }
// Most right at rank 1, then in the top 5; among equals, the one closest to the current setting.
const distance = (s: RankingSettings) =>
  Math.abs(Math.log(s.k / RANKING.k)) +
  Math.abs(s.named - RANKING.named) +
  Math.abs(s.vector - RANKING.vector) +
  Math.abs(s.prior - RANKING.prior) +
  Math.abs(s.coverage - RANKING.coverage);
tried.sort((a, b) => b.r[0] - a.r[0] || b.r[1] - a.r[1] || distance(a.settings) - distance(b.settings));
for (const t of tried.slice(0, 8))
  process.stdout.write(`  ${JSON.stringify(t.settings)} rank 1 ${t.r[0]}, top 5 ${t.r[1]}\n`);
const ranking = tried[0]!.settings;
process.stdout.write(`best ranking: ${JSON.stringify(ranking)}\n`);

const samples: Sample[] = SAGE_CALIBRATION.map((e, i) => ({
  q: e.q,
  inScope: e.ids.length > 0,
  evidence: rank(catalog, found[i]!, ranking).evidence,
}));

const weights = fit(samples);
const thresholds = Array.from({ length: 99 }, (_, i) => (i + 1) / 100);
const allowed = thresholds
  .map((threshold) => ({ threshold, ...score(samples, { weights, threshold }) }))
  .filter((r) => r.falseAbstention <= MAX_FALSE_ABSTENTION);
const bestF1 = Math.max(...allowed.map((r) => r.f1));
const best = allowed.filter((r) => r.f1 === bestF1);
const threshold = best[Math.floor((best.length - 1) / 2)]!.threshold;
const model: AbstainModel = { weights, threshold };

const report = (label: string, m: AbstainModel) => {
  const s = score(samples, m);
  process.stdout.write(
    `${label}: ${JSON.stringify(m)}\n  precision ${s.precision.toFixed(3)}, recall ${s.recall.toFixed(3)}, ` +
      `F1 ${s.f1.toFixed(3)}, false abstention ${s.falseAbstention.toFixed(3)}\n`,
  );
};
process.stdout.write(
  `${samples.length} calibration questions; thresholds ${best[0]!.threshold}-${best.at(-1)!.threshold} equally good\n`,
);
report('fitted', model);
report('in abstain.ts', ABSTAIN_MODEL);
for (const s of samples) {
  const p = inScopeProbability(s.evidence, model);
  const wrong = p < threshold === s.inScope;
  if (!wrong && !process.argv.includes('--all')) continue;
  const e = s.evidence;
  process.stdout.write(
    `${wrong ? 'WRONG ' : ''}${s.inScope ? 'in ' : 'off'} p ${p.toFixed(2)} cov ${e.coverage.toFixed(2)} ` +
      `known ${e.known.toFixed(2)} named ${e.named.toFixed(2)} tell ${e.telling}  ${s.q}\n`,
  );
}
