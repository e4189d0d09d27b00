/**
 * inComputeTurn (src/operations/compute-turn.ts): work handed in during one event-loop turn runs as
 * one batch after that turn, in arrival order; each caller gets its own result or error. The order
 * expected follows Node's event loop: a setImmediate queued before the batch runs before it, one
 * queued by the batch's own work runs after the whole batch.
 */
import { describe, expect, it } from 'vitest';
import { inComputeTurn } from '../../../src/operations/compute-turn.js';

describe('inComputeTurn', () => {
  it('runs the work of one turn back to back, in arrival order, after the turn', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('earlier immediate'));
    const runs = ['a', 'b', 'c'].map((name) =>
      inComputeTurn(() => {
        order.push(name);
        if (name === 'a') setImmediate(() => order.push('immediate queued by a'));
        return name.toUpperCase();
      }),
    );
    order.push('turn ends');
    expect(await Promise.all(runs)).toEqual(['A', 'B', 'C']);
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['turn ends', 'earlier immediate', 'a', 'b', 'c', 'immediate queued by a']);
  });

  it('settles each caller alone: a throw, a rejection and a value in one batch', async () => {
    const results = await Promise.allSettled([
      inComputeTurn(() => {
        throw new Error('bad input');
      }),
      inComputeTurn(() => Promise.reject(new Error('async failure'))),
      inComputeTurn(() => 42),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      'bad input',
      'async failure',
      42,
    ]);
  });

  it('starts a new batch for work handed in by a batch or later', async () => {
    const order: string[] = [];
    await inComputeTurn(() => {
      order.push('first');
      void inComputeTurn(() => order.push('second'));
    });
    expect(order).toEqual(['first']);
    await inComputeTurn(() => order.push('third'));
    expect(order).toEqual(['first', 'second', 'third']);
  });
});
