/**
 * Lookups keyed by text from the input (a kind, a label key, a feature gate, a command) read own properties only, so
 * no document can reach `toString`, `constructor` or `__proto__` of a table; counters keyed by input text have no
 * prototype at all.
 */
export function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** An empty record with no prototype, for counts keyed by input text (JSON.stringify treats it as a plain object). */
export function counter(): Record<string, number> {
  return Object.create(null) as Record<string, number>;
}
