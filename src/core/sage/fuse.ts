/**
 * Reciprocal rank fusion (Cormack et al., 2009): each list contributes 1 / (k + rank) per item, so
 * an item ranked well by both the vector and the full-text search rises above one ranked first by
 * only one of them, without having to put cosine distances and text ranks on one scale.
 */
export function reciprocalRankFusion<T>(
  lists: readonly (readonly T[])[],
  keyOf: (item: T) => string | number,
  k = 60,
): { item: T; score: number }[] {
  const fused = new Map<string | number, { item: T; score: number }>();
  for (const list of lists) {
    list.forEach((item, index) => {
      const key = keyOf(item);
      const entry = fused.get(key) ?? { item, score: 0 };
      entry.score += 1 / (k + index + 1);
      fused.set(key, entry);
    });
  }
  return [...fused.values()].sort((a, b) => b.score - a.score);
}
