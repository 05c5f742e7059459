/**
 * Edit distance, and the nearest of a set of names to a misspelt one: the one place the "did you mean …?" hints of
 * field names, label keys, folders and target keys are computed.
 */

/** Levenshtein distance (insertions, deletions, substitutions each cost 1). */
export function editDistance(a: string, b: string): number {
  const dp = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = dp[0];
    dp[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = dp[j];
      dp[j] = Math.min(dp[j] + 1, dp[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return dp[b.length];
}

/**
 * The candidates nearest to `word`, closest first (ties in the candidates' order), at most `count` of them, each within
 * `maxDistance` edits. With `maxDistance` undefined the bound is a third of the word's length, at least 2.
 */
export function nearest(
  word: string,
  candidates: readonly string[],
  opts: { count?: number; maxDistance?: number; ignoreCase?: boolean } = {},
): string[] {
  const max = opts.maxDistance ?? Math.max(2, Math.floor(word.length / 3));
  const norm = (s: string) => (opts.ignoreCase ? s.toLowerCase() : s);
  const w = norm(word);
  return [...new Set(candidates)]
    .map((c, i) => ({ c, i, d: editDistance(w, norm(c)) }))
    .filter((x) => x.d <= max && x.c !== word)
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .slice(0, opts.count ?? 3)
    .map((x) => x.c);
}
