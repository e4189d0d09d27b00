/**
 * SAGE retrieval quality on the project's own evaluation set (test/fixtures/sage-eval.ts, written
 * for this base): recall@5 of the answering entries at least 0.9 and domain accuracy at least 0.95,
 * both over the whole knowledge base loaded into the embedded store as the server loads it; and,
 * without a model, each extractive answer carries its question's key terms. The numbers are also
 * reported in BENCHMARKS.md.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultKnowledgeDir } from '../../src/core/knowledge/index.js';
import { hashEmbedder } from '../../src/core/sage/index.js';
import { type LoadReport, loadSageIndex, Sage } from '../../src/sage/index.js';
import { openStore, type Store } from '../../src/store/index.js';
import { SAGE_EVAL } from '../fixtures/sage-eval.js';

let store: Store;
let sage: Sage;
let report: LoadReport;

beforeAll(async () => {
  store = await openStore({ dataDir: 'memory://' });
  const embedder = hashEmbedder();
  report = await loadSageIndex(store.sage, defaultKnowledgeDir(), embedder);
  sage = new Sage(store.sage, embedder, null);
});
afterAll(async () => {
  await store?.close();
});

/** The first `n` distinct entry ids of a ranking. */
const topEntries = (ids: readonly string[], n: number): string[] => [...new Set(ids)].slice(0, n);

describe('SAGE retrieval evaluation', () => {
  it('loads the whole base with vectors', () => {
    expect(report.malformed).toEqual([]);
    expect(report.vector).toBe(true);
    expect(report.chunks).toBeGreaterThan(report.files);
  });

  it('has at least 60 questions across the three domains', () => {
    expect(SAGE_EVAL.length).toBeGreaterThanOrEqual(60);
    for (const d of ['hd', 'astrology', 'bazi']) {
      expect(SAGE_EVAL.filter((e) => e.domain === d).length).toBeGreaterThanOrEqual(15);
    }
  });

  it('finds an answering entry in the top 5 for at least 90% and the domain for at least 95%', async () => {
    const misses: string[] = [];
    let found = 0;
    let domains = 0;
    for (const e of SAGE_EVAL) {
      const r = await sage.retrieve(e.q);
      const top = topEntries(
        r.passages.map((p) => p.entryId),
        5,
      );
      if (e.ids.some((id) => top.includes(id))) found++;
      else misses.push(`${e.q} -> ${top.join(', ')}`);
      if (r.domain === e.domain) domains++;
      else misses.push(`${e.q}: domain ${r.domain}, expected ${e.domain}`);
    }
    const recall = found / SAGE_EVAL.length;
    const accuracy = domains / SAGE_EVAL.length;
    console.info(`SAGE eval: recall@5 ${recall.toFixed(3)}, domain accuracy ${accuracy.toFixed(3)}`);
    if (misses.length) console.info(misses.join('\n'));
    expect(recall).toBeGreaterThanOrEqual(0.9);
    expect(accuracy).toBeGreaterThanOrEqual(0.95);
  });

  it('without a model, every extractive answer carries its key terms', async () => {
    const missing: string[] = [];
    for (const e of SAGE_EVAL) {
      const { answer } = await sage.answer(e.q);
      for (const t of e.terms)
        if (!answer.toLowerCase().includes(t.toLowerCase())) missing.push(`${e.q}: ${t}`);
    }
    expect(missing).toEqual([]);
  });
});
