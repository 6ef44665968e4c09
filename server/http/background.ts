import type { Logger } from 'pino';

/**
 * Work a route starts after deciding its answer and does not wait for: the mails of the guest forms
 * (reset link, registration). The answer then takes the same time whether or not the address has
 * an account, since the lookup, the token, the account and the mail all happen here. A failure is
 * logged, never shown. Tests and the shutdown wait for the pending work with idle().
 */
export class BackgroundTasks {
  private pending = new Set<Promise<void>>();
  constructor(private readonly logger: Logger) {}

  run(label: string, work: () => Promise<unknown>): void {
    const task: Promise<void> = Promise.resolve()
      .then(work)
      .then(
        () => undefined,
        (err: unknown) => this.logger.error({ err }, `tâche de fond échouée : ${label}`),
      )
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** Resolves when every task started so far (and those they start) has finished. */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}
