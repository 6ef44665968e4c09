/**
 * The two ways a rule says no, thrown by domain functions and services and turned into an answer
 * at the http edge only (server/http/errors.ts): services know nothing of status codes or pages.
 * Throw them inside the operation's transaction, so that nothing is written.
 */

/** The record or document asked for does not exist (or is not visible to this user): the 404 page. */
export class NotFound extends Error {
  constructor(message = 'Introuvable') {
    super(message);
    this.name = 'NotFound';
  }
}

/**
 * A business refusal, in French. Either on the fields of a form (`new Refusal({ field: message })`:
 * the form shows each message under its field) or of an action that is not a form — archive,
 * delete, cancel, apply (`Refusal.action(message)`: an error toast on the page the user was on).
 */
export class Refusal extends Error {
  constructor(
    public readonly errors: Record<string, string>,
    public readonly kind: 'fields' | 'action' = 'fields',
  ) {
    super(Object.values(errors)[0] ?? 'Données invalides');
    this.name = 'Refusal';
  }

  static action(message: string): Refusal {
    return new Refusal({ action: message }, 'action');
  }
}
