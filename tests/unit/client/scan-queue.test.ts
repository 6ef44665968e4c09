import { describe, expect, it } from 'vitest';
import { ScanQueue } from '@/components/pickers/typeahead-logic';

/** A lookup answered when the test says so (a slow server). */
function slowServer() {
  const calls: Array<{ term: string; answer: (v: string) => void; fail: (e: Error) => void }> = [];
  const lookup = (term: string) =>
    new Promise<string>((answer, fail) => {
      calls.push({ term, answer, fail });
    });
  return { calls, lookup };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('ScanQueue (scans read before the previous lookup answered)', () => {
  it('a second and third scan read while the first is looked up are all picked, in the order read, one lookup at a time', async () => {
    const server = slowServer();
    const picked: string[] = [];
    const q = new ScanQueue(
      server.lookup,
      (term, result) => picked.push(`${term}→${result}`),
      () => {},
    );
    void q.push('3017620422003');
    void q.push('5449000000996');
    void q.push('3017620422003');
    expect(q.size).toBe(3);
    await tick();
    // One lookup at a time: the second waits for the first (never aborts it).
    expect(server.calls.map((c) => c.term)).toEqual(['3017620422003']);
    server.calls[0].answer('Nutella');
    await tick();
    expect(server.calls.map((c) => c.term)).toEqual(['3017620422003', '5449000000996']);
    server.calls[1].answer('Coca');
    await tick();
    server.calls[2].answer('Nutella');
    await q.idle();
    expect(picked).toEqual(['3017620422003→Nutella', '5449000000996→Coca', '3017620422003→Nutella']);
    expect(q.size).toBe(0);
  });

  it('a lookup that fails is reported and the next scans still go through', async () => {
    const server = slowServer();
    const picked: string[] = [];
    const failed: string[] = [];
    const q = new ScanQueue(
      server.lookup,
      (term) => picked.push(term),
      (term) => failed.push(term),
    );
    void q.push('A');
    void q.push('B');
    await tick();
    server.calls[0].fail(new TypeError('réseau'));
    await tick();
    server.calls[1].answer('ok');
    await q.idle();
    expect([failed, picked]).toEqual([['A'], ['B']]);
    // Pushed again after going idle: runs again.
    void q.push('C');
    await tick();
    server.calls[2].answer('ok');
    await q.idle();
    expect(picked).toEqual(['B', 'C']);
  });

  it('clear() forgets the scans not looked up yet (the form is left)', async () => {
    const server = slowServer();
    const picked: string[] = [];
    const q = new ScanQueue(
      server.lookup,
      (term) => picked.push(term),
      () => {},
    );
    void q.push('A');
    void q.push('B');
    await tick();
    q.clear();
    server.calls[0].answer('ok');
    await q.idle();
    expect(picked).toEqual(['A']);
    expect(server.calls).toHaveLength(1);
  });
});
