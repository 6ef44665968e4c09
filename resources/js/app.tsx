import '@fortawesome/fontawesome-free/css/fontawesome.css';
import '@fortawesome/fontawesome-free/css/solid.css';
import '@fortawesome/fontawesome-free/css/regular.css';
import '../css/app.scss';
import { createInertiaApp, router } from '@inertiajs/react';
import { PageLoader } from './components/PageLoader';
import { Toasts } from './components/Toasts';
import { LayoutProvider } from './lib/layout-context';
import { defaultLayout, documentTitle, resolvePage } from './lib/pages';
import { notifyNetworkError, showFlash } from './lib/toasts';

// Registered before the app starts so the first page's flash is not missed. Inertia fires the
// flash event once per response (and never on history navigation): one toast per message.
router.on('flash', (event) => {
  showFlash(event.detail.flash);
});

// No answer at all (offline, server down): say so instead of failing silently.
router.on('networkError', (event) => {
  event.preventDefault();
  notifyNetworkError();
});

void createInertiaApp({
  resolve: (name) => resolvePage(name),
  layout: (name) => defaultLayout(name),
  title: (title, page) => documentTitle(title, (page?.props as { app?: { name?: string } } | undefined)?.app?.name),
  progress: { delay: 250, color: '#29d', showSpinner: false },
  defaults: { form: { recentlySuccessfulDuration: 2000 } },
  withApp: (app) => (
    <LayoutProvider>
      {app}
      <PageLoader />
      <Toasts />
    </LayoutProvider>
  ),
});
