import 'express-session';
import type { UserContext } from '../../auth/user-context.js';

/** The user read with the session (KnexSessionStore): the session row's user_id, and their context (undefined: none, deleted or deactivated). */
export interface SessionUser {
  userId: number | null;
  context: UserContext | undefined;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** Set when the request's session was read from the store: loadUser takes the user from it. */
    sessionUser?: SessionUser;
  }
}

declare module 'express-session' {
  interface SessionData {
    userId?: number;
    /** The user's credentials_version the login checked: its session is stored only while it holds (insertSignedInSession). */
    credentialsVersion?: number;
    csrfToken?: string;
    flash?: { success?: string; error?: string };
    errors?: Record<string, unknown>;
    passwordConfirmedAt?: number;
    intendedUrl?: string;
    remember?: boolean;
    /** The secret of the API token just created, shown once by Paramètres › API then forgotten. */
    newApiToken?: { id: number; name: string; token: string };
    /** The last « Vérifier l'intégrité » result (Support › Journaux), shown on its tab. */
    integrity?: {
      checked_at: string;
      journals: Array<{
        journal: string;
        label: string;
        rows: number;
        broken: { id: number; description: string } | null;
      }>;
    };
  }
}
