/**
 * Edit distance, and the nearest of a set of names to a misspelt one: the one place the "did you mean …?" hints of
 * field names, label keys, folders and target keys are computed.
 */

/**
 * Edit distance: insertions, deletions, substitutions and a transposition of two adjacent characters each cost 1
 * (the optimal string alignment distance).
 */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.length][b.length];
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

/**
 * The candidate closest to `word`, when it is close enough to be what was meant: at most a third of the word's length
 * in edits (at least 1, at most 2: `overlays/qa` is not a typo of `overlays/dev`), or a candidate that starts with the
 * word (an abbreviation). Case-insensitive;
 * ties go to the first candidate. Undefined when nothing is close.
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const w = word.toLowerCase();
  if (!w) return undefined;
  const limit = Math.min(2, Math.max(1, Math.floor(w.length / 3)));
  let best: { c: string; d: number } | undefined;
  for (const c of candidates) {
    const lc = c.toLowerCase();
    if (lc === w) return c;
    const d = lc.startsWith(w) && w.length >= 3 ? 1 : editDistance(w, lc);
    if (d <= limit && (!best || d < best.d)) best = { c, d };
  }
  return best?.c;
}
