import { usePage } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { route } from '@shared/routes';
import { AppearanceDropdown } from '@/components/AppearancePicker';
import { Brand } from '@/components/Brand';

/** Bare layout of the account pages (login, register, password…): a centred card, nothing else. */
export default function AuthLayout({ children }: { children?: ReactNode }) {
  const app = usePage().props.app;
  return (
    <div className="app-auth">
      <div className="app-auth-tools">
        <AppearanceDropdown toggleClassName="btn app-btn-icon app-guest-tool" testId="auth-appearance" />
      </div>
      <main id="main-content" className="app-auth-main">
        <div className="app-auth-brand">
          <Brand href={route('home')} />
        </div>
        <div className="app-auth-card card">{children}</div>
        <p className="app-auth-footer">
          {app?.name ?? 'SDSTOCK WEB 2.0'} · version {app?.version ?? '3.0'} ·{' '}
          {app?.copyright ?? `© ${new Date().getFullYear()} SDSTOCK`}
        </p>
      </main>
    </div>
  );
}
