/**
 * A small seeded pseudo-random generator (mulberry32) and the few draws the demo data needs.
 * Seeded so that the same seed always gives the same data set: benchmarks stay comparable and
 * tests can check the generator is deterministic. Not for anything secret.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /**
   * `k` distinct items drawn at random (a partial Fisher–Yates shuffle: the draws are moved to the
   * front of `items`, which is reordered in place — cheap on a large pool drawn from again and again).
   */
  drawInPlace<T>(items: T[], k: number): T[] {
    const n = Math.min(k, items.length);
    for (let i = 0; i < n; i++) {
      const j = this.int(i, items.length - 1);
      [items[i], items[j]] = [items[j], items[i]];
    }
    return items.slice(0, n);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** `count` digits as a string (leading zeros kept). */
  digits(count: number): string {
    let s = '';
    for (let i = 0; i < count; i++) s += String(Math.floor(this.next() * 10));
    return s;
  }
}
