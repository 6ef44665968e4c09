import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Knex } from 'knex';

/*
 * WAL checkpoints off the request path (SQLite file databases; issue 20).
 *
 * With SQLite's automatic checkpoint (every 1 000 WAL pages) the commit that crosses the mark copies
 * the whole WAL into the database file and waits for its fsync before it returns: on the large data
 * set a 20-line stock entry writes about 160 pages, so about one document in six paid 2–3 MB of
 * reads and writes plus two fsyncs — the p50 → p95 gap of the document benches. Instead a worker
 * thread with its own connection runs a PASSIVE checkpoint every `CHECKPOINT_EVERY_MS` (it never
 * waits for the writer nor makes it wait) and the application's connection keeps SQLite's own
 * automatic checkpoint only as a ceiling (`WAL_CEILING_PAGES`, in case the worker is stopped or falls
 * behind). Durability is unchanged: every commit still waits for the WAL's fsync (synchronous =
 * FULL); a checkpoint only copies committed pages into the database file.
 *
 * A restore swaps the database file (backup.ts `replaceDatabase`): it suspends the worker first
 * (`withoutCheckpoints`, which closes the worker's connection), which resumes once the application's
 * connection opens again; `db.destroy()` stops the worker.
 */

/** How often the worker checkpoints. */
export const CHECKPOINT_EVERY_MS = 1_000;
/** SQLite's own automatic checkpoint on the application's connection: a ceiling the worker normally keeps the WAL far below. */
export const WAL_CEILING_PAGES = 10_000;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
// The driver resolved by the application (an eval'd worker would look for it from the working directory).
const Database = require(workerData.driver);
let db = null;
let timer = null;
function checkpoint() {
  try {
    if (!db) {
      db = new Database(workerData.filename, { fileMustExist: true });
      db.pragma('synchronous = FULL');
    }
    const [row] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ kind: 'checkpointed', log: row.log, checkpointed: row.checkpointed });
  } catch (err) {
    parentPort.postMessage({ kind: 'failed', message: String(err && err.message) });
  }
}
function close() {
  if (timer) clearInterval(timer);
  timer = null;
  if (db) db.close();
  db = null;
}
parentPort.on('message', (message) => {
  if (message === 'suspend') {
    close();
    parentPort.postMessage({ kind: 'suspended' });
  } else if (message === 'resume') {
    if (!timer) timer = setInterval(checkpoint, workerData.everyMs);
  } else if (message === 'now') {
    checkpoint();
  } else if (message === 'stop') {
    close();
    parentPort.postMessage({ kind: 'stopped' });
  }
});
timer = setInterval(checkpoint, workerData.everyMs);
`;

/** better-sqlite3's entry file, as the application resolves it. */
const SQLITE_DRIVER = createRequire(import.meta.url).resolve('better-sqlite3');

type Reply =
  | { kind: 'checkpointed'; log: number; checkpointed: number }
  | { kind: 'failed'; message: string }
  | { kind: 'suspended' }
  | { kind: 'stopped' };

/** The background checkpointer of one SQLite file database. */
export class Checkpointer {
  private worker: Worker | null = null;
  private waiting: Array<{ kind: Reply['kind']; resolve: (reply: Reply) => void }> = [];
  /** Checkpoints run and failed since the start (tests read them). */
  readonly stats = { checkpoints: 0, failures: 0, lastError: '' };

  constructor(
    private readonly filename: string,
    private readonly everyMs = CHECKPOINT_EVERY_MS,
  ) {}

  /** Starts the worker (once; the database file exists by then: the application's connection opened it). */
  start(): void {
    if (this.worker) {
      this.worker.postMessage('resume');
      return;
    }
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { filename: this.filename, everyMs: this.everyMs, driver: SQLITE_DRIVER },
    });
    worker.unref();
    worker.on('message', (reply: Reply) => {
      if (reply.kind === 'checkpointed') this.stats.checkpoints++;
      if (reply.kind === 'failed') {
        this.stats.failures++;
        this.stats.lastError = reply.message;
      }
      const i = this.waiting.findIndex(
        (w) => w.kind === reply.kind || (w.kind === 'checkpointed' && reply.kind === 'failed'),
      );
      if (i >= 0) this.waiting.splice(i, 1)[0].resolve(reply);
    });
    // A worker that dies leaves SQLite's own automatic checkpoint (the ceiling) in charge.
    worker.on('error', () => {});
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = null;
      for (const w of this.waiting.splice(0)) w.resolve({ kind: 'stopped' });
    });
    this.worker = worker;
  }

  private ask(message: string, kind: Reply['kind']): Promise<Reply> {
    const worker = this.worker;
    if (!worker) return Promise.resolve({ kind: 'stopped' });
    return new Promise((resolve) => {
      this.waiting.push({ kind, resolve });
      worker.postMessage(message);
    });
  }

  /** One checkpoint now (tests). */
  checkpointNow(): Promise<Reply> {
    return this.ask('now', 'checkpointed');
  }

  /** Stops checkpointing and closes the worker's connection (before the database file is replaced). */
  async suspend(): Promise<void> {
    await this.ask('suspend', 'suspended');
  }

  resume(): void {
    this.worker?.postMessage('resume');
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    await this.ask('stop', 'stopped');
    this.worker = null;
    await worker.terminate();
  }
}

const checkpointers = new WeakMap<object, Checkpointer>();

/** Attaches the background checkpointer to `db` (createDb does it for a SQLite file); `db.destroy()` stops it. */
export function attachCheckpointer(db: Knex, checkpointer: Checkpointer): void {
  checkpointers.set(db.client, checkpointer);
  const client = db.client as { destroy(callback?: unknown): Promise<unknown> };
  const destroy = client.destroy.bind(client);
  client.destroy = async (callback?: unknown) => {
    await checkpointer.stop();
    return destroy(callback);
  };
}

/** The background checkpointer of `db`, if it has one (a SQLite file database). */
export function checkpointerOf(db: Knex): Checkpointer | undefined {
  return checkpointers.get(db.client);
}

/**
 * Runs `work` with the background checkpointer suspended (its connection closed): a restore swapping
 * the file under the application's connection, which `work` closes. The checkpointer resumes when
 * the application's connection opens again (connection.ts), or at once if `work` fails.
 */
export async function withoutCheckpoints<T>(db: Knex, work: () => Promise<T>): Promise<T> {
  const checkpointer = checkpointerOf(db);
  await checkpointer?.suspend();
  try {
    return await work();
  } catch (err) {
    checkpointer?.resume();
    throw err;
  }
}
