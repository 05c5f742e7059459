/**
 * Renderings a process keeps (kustomize.ts, helm.ts), by a key of everything that decides them: a renderer run offline
 * in its sandbox gives the same output for the same inputs, so a process that renders the same inputs again (base and
 * head alike, several targets, the fuzzer's commands of one case) runs it once. Bounded: cleared past `capacity`.
 */
export class KeptRenderings<T> {
  private readonly map = new Map<string, T>();
  constructor(private readonly capacity = 256) {}

  get(key: string): T | undefined {
    return this.map.get(key);
  }

  has(key: string): boolean {
    return this.map.has(key);
  }

  keep(key: string, rendering: T): void {
    if (this.map.size >= this.capacity) this.map.clear();
    this.map.set(key, rendering);
  }

  /** How many more renderings fit before the next one clears them (render-ahead fills up to it). */
  room(): number {
    return this.capacity - 1 - this.map.size;
  }
}
