import 'express-session';

declare module 'express-session' {
  interface SessionData {
    userId?: number;
    csrfToken?: string;
    flash?: { success?: string; error?: string };
    errors?: Record<string, unknown>;
    passwordConfirmedAt?: number;
    intendedUrl?: string;
    remember?: boolean;
    /** The secret of the API token just created, shown once by Paramètres › API then forgotten. */
    newApiToken?: { id: number; name: string; token: string };
    /** The last « Vérifier l'intégrité » result (Support › Journaux), shown on its tab. */
    integrity?: { checked_at: string; journals: Array<{ journal: string; label: string; rows: number; broken: { id: number; description: string } | null }> };
  }
}
