import type { ReactNode } from 'react';

const TONES = {
  success: 'text-bg-success',
  secondary: 'text-bg-secondary',
  warning: 'text-bg-warning',
  danger: 'text-bg-danger',
  info: 'text-bg-info',
  primary: 'text-bg-primary',
  light: 'app-badge-soft',
} as const;

/** A small coloured label: "Actif", "Archivé", "Dépôt"… */
export function Badge({ tone = 'secondary', children, className = '' }: { tone?: keyof typeof TONES; children: ReactNode; className?: string }) {
  return <span className={`badge rounded-pill ${TONES[tone]} ${className}`}>{children}</span>;
}

/** Active / archived status of a master-data record. */
export function StatusBadge({ active, feminine = false }: { active: boolean; feminine?: boolean }) {
  return active ? <Badge tone="success">{feminine ? 'Active' : 'Actif'}</Badge> : <Badge tone="secondary">{feminine ? 'Archivée' : 'Archivé'}</Badge>;
}
