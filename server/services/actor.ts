/** Who performs an operation: written to the audit log and to price history. */
export interface Actor {
  id: number;
  name: string;
  ip: string | null;
}

export function auditUser(actor: Actor) {
  return { id: actor.id, name: actor.name };
}
