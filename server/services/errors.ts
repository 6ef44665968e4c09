/**
 * A business rule refuses an action that is not a form (archive, delete, apply): the route shows
 * the French message as an error toast and goes back; nothing was written.
 */
export class ActionRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ActionRefused';
  }
}
