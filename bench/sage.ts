/**
 * SAGE benchmarks, as a Markdown section of BENCHMARKS.md (bench/run.ts wires it in):
 * - the knowledge load of the whole base into a fresh embedded store (parse, chunk, embed, insert);
 * - retrieval in-process (tokens, named entries, vector and full-text rankings, fusion, abstention)
 *   over the questions of both evaluation sets, p50 and p99 (target p50 at most 10 ms);
 * - the user-worded evaluation set (test/fixtures/sage-user-eval.ts): right entry at rank 1 and in
 *   the top 5, abstention precision and recall, false abstention (targets 0.85, 0.95, 0.9, 0.9 and
 *   at most 0.02; the abstention model was calibrated on test/fixtures/sage-calibration.ts);
 * - the project's first set (test/fixtures/sage-eval.ts, in the knowledge base's own words):
 *   recall@5 of the answering entries and domain accuracy (targets 0.9 and 0.95);
 *   test/e2e/sage-retrieval.test.ts holds all these targets too;
 * - REST POST /api/sage throughput without a model (extractive answers), distinct questions from
 *   the user-worded set, so each is retrieved and composed (no cache hits).
 * Run alone with `npm run build && npx tsx bench/sage.ts`.
 */
import { pathToFileURL } from 'node:url';
import type autocannon from 'autocannon';
import { defaultKnowledgeDir } from '../src/core/knowledge/index.js';
import { hashEmbedder } from '../src/core/sage/index.js';
import { loadSageIndex, Sage } from '../src/sage/index.js';
import { openStore } from '../src/store/index.js';
import { SAGE_EVAL } from '../test/fixtures/sage-eval.js';
import { SAGE_USER_EVAL } from '../test/fixtures/sage-user-eval.js';
import { evaluate } from '../test/helpers/sage-eval.js';
import { fmt, load, percentile, startSettledService } from './lib.js';

const RETRIEVAL_P50_TARGET_MS = 10;

export async function sageBenchSection(): Promise<string> {
  process.stderr.write('SAGE load, retrieval and REST…\n');
  const store = await openStore({ dataDir: 'memory://' });
  const embedder = hashEmbedder();
  const report = await loadSageIndex(store.sage, defaultKnowledgeDir(), embedder);
  const sage = new Sage(store.sage, embedder, null);

  const questions = [...SAGE_USER_EVAL.map((e) => e.q), ...SAGE_EVAL.map((e) => e.q)];
  const times: number[] = [];
  for (const q of questions) await sage.retrieve(q); // warm-up (the catalog is built on the first)
  for (let round = 0; round < 5; round++) {
    for (const q of questions) {
      const t = performance.now();
      await sage.retrieve(q);
      times.push(performance.now() - t);
    }
  }
  let found = 0;
  let domains = 0;
  for (const e of SAGE_EVAL) {
    const r = await sage.retrieve(e.q);
    if (e.ids.some((id) => r.entries.slice(0, 5).includes(id))) found++;
    if (r.domain === e.domain) domains++;
  }
  const user = await evaluate(SAGE_USER_EVAL, (q) => sage.retrieve(q));
  await store.close();
  const p50 = percentile(times, 50);
  const p99 = percentile(times, 99);

  // Settled: the start-up load of the knowledge base, which questions wait for, is over.
  const svc = await startSettledService();
  let rest;
  try {
    let i = 0;
    const request: autocannon.Request = {
      method: 'POST',
      path: '/api/sage',
      headers: { authorization: `Bearer ${svc.key}`, 'content-type': 'application/json' },
      // A distinct question each time (a question with a counter), so no answer comes from the cache.
      setupRequest: (req) => ({
        ...req,
        body: JSON.stringify({ query: `${SAGE_USER_EVAL[i % SAGE_USER_EVAL.length]!.q} (${i++})` }),
      }),
    };
    await load({ url: svc.url, duration: 5, requests: [request] }); // warm-up
    rest = await load({ url: svc.url, requests: [request] });
  } finally {
    await svc.stop();
    svc.cleanup();
  }
  const met = (ok: boolean) => (ok ? 'met' : '**not met**');
  return `## SAGE (knowledge base, retrieval, answers without a model)

| Measure | Value |
|---|---|
| knowledge load, whole base into a fresh embedded store | ${report.files} files, ${report.chunks} chunks, ${fmt(report.ms / 1000, 1)} s |
| retrieval in-process, ${questions.length} evaluation questions x 5 | p50 ${fmt(p50, 2)} ms (${met(p50 <= RETRIEVAL_P50_TARGET_MS)}, target ≤ ${RETRIEVAL_P50_TARGET_MS} ms), p99 ${fmt(p99, 2)} ms |
| user-worded set (${user.questions} questions, ${user.offTopic} off topic): right entry at rank 1 | ${fmt(user.rank1, 3)} (${met(user.rank1 >= 0.85)}, target ≥ 0.85) |
| user-worded set: right entry in the top 5 | ${fmt(user.top5, 3)} (${met(user.top5 >= 0.95)}, target ≥ 0.95) |
| user-worded set: abstention precision, recall | ${fmt(user.abstainPrecision, 3)}, ${fmt(user.abstainRecall, 3)} (${met(user.abstainPrecision >= 0.9 && user.abstainRecall >= 0.9)}, targets ≥ 0.9) |
| user-worded set: in-scope questions refused | ${fmt(user.falseAbstention, 3)} (${met(user.falseAbstention <= 0.02)}, target ≤ 0.02) |
| first set (${SAGE_EVAL.length} questions, the base's own words): recall@5 | ${fmt(found / SAGE_EVAL.length, 3)} (target ≥ 0.9) |
| first set: domain accuracy | ${fmt(domains / SAGE_EVAL.length, 3)} (target ≥ 0.95) |
| REST POST /api/sage, extractive answers, distinct questions (50 connections, 10 s) | ${rest.rps} req/s, p50 ${rest.p50} ms, p99 ${rest.p99} ms |
`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.stdout.write(`${await sageBenchSection()}\n`);
}
