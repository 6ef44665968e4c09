import { Head, Link, usePage } from '@inertiajs/react';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { Icon } from '@/components/Icon';
import GuestLayout from '@/layouts/GuestLayout';

const FEATURES = [
  {
    icon: 'fa-solid fa-boxes-stacked',
    title: 'Stock maîtrisé',
    text: 'Entrées fournisseurs, transferts dépôt ↔ boutiques, inventaires et coût moyen pondéré (CMUP) tenus à jour à chaque mouvement.',
  },
  {
    icon: 'fa-solid fa-file-invoice',
    title: 'Ventes et facturation',
    text: 'Factures au comptant ou à crédit, ventes boutique, tarifs détail et gros, plafonds de crédit et prix minimum contrôlés.',
  },
  {
    icon: 'fa-solid fa-cash-register',
    title: 'Caisse et règlements',
    text: 'Espèces, chèque, virement et mobile money ; décaissements, versements en banque et arrêté de caisse signé.',
  },
  {
    icon: 'fa-solid fa-chart-line',
    title: 'Éditions et tableaux de bord',
    text: 'Chiffre d’affaires, marges, état de stock, créances par ancienneté : filtrer, imprimer, exporter.',
  },
  {
    icon: 'fa-solid fa-user-shield',
    title: 'Rôles et permissions',
    text: 'Chacun ne voit que ses écrans : gérant, caissier, magasinier, vendeur, comptable… les rôles se modifient en quelques clics.',
  },
  {
    icon: 'fa-solid fa-print',
    title: 'Impressions prêtes',
    text: 'Factures A5, tickets 80 mm, reçus et états imprimés depuis le navigateur, avec le montant en toutes lettres.',
  },
];

export default function Welcome({ canRegister }: PageProps<'Welcome'>) {
  const user = usePage().props.auth.user;
  return (
    <>
      <Head title="Accueil" />
      <section className="app-landing-hero" aria-labelledby="landing-title">
        <div className="row align-items-center g-5">
          <div className="col-lg-7">
            <span className="app-landing-kicker">
              <Icon name="fa-solid fa-store" className="me-2" />
              Gestion commerciale · Version 3.0
            </span>
            <h1 id="landing-title" className="app-landing-title">
              Le stock, les ventes et la caisse de votre commerce,{' '}
              <span className="app-text-accent">au même endroit</span>.
            </h1>
            <p className="app-landing-lead">
              SDSTOCK WEB 2.0 suit chaque article du dépôt à la boutique, facture vos clients, encaisse leurs règlements
              et vous donne, chaque soir, une caisse qui tombe juste.
            </p>
            <div className="d-flex flex-wrap gap-2">
              {user ? (
                <Link href={route('dashboard')} className="btn btn-primary btn-lg">
                  <Icon name="fa-solid fa-gauge-high" className="me-2" />
                  Ouvrir le tableau de bord
                </Link>
              ) : (
                <>
                  <Link href={route('login')} className="btn btn-primary btn-lg">
                    <Icon name="fa-solid fa-right-to-bracket" className="me-2" />
                    Se connecter
                  </Link>
                  {canRegister ? (
                    <Link href={route('register')} className="btn btn-outline-primary btn-lg">
                      Créer un compte
                    </Link>
                  ) : null}
                </>
              )}
            </div>
          </div>
          <div className="col-lg-5 d-none d-lg-block" aria-hidden="true">
            <div className="app-landing-visual">
              <div className="app-landing-orbit">
                <span className="app-landing-chip chip-1">
                  <Icon name="fa-solid fa-warehouse" />
                </span>
                <span className="app-landing-chip chip-2">
                  <Icon name="fa-solid fa-truck-ramp-box" />
                </span>
                <span className="app-landing-chip chip-3">
                  <Icon name="fa-solid fa-cash-register" />
                </span>
                <span className="app-landing-chip chip-4">
                  <Icon name="fa-solid fa-file-invoice-dollar" />
                </span>
                <span className="app-landing-core">
                  <Icon name="fa-solid fa-boxes-stacked" />
                </span>
              </div>
            </div>
          </div>
        </div>
      </section>
      <section className="app-landing-features" aria-labelledby="features-title">
        <h2 id="features-title" className="visually-hidden">
          Fonctionnalités
        </h2>
        <div className="row g-3 g-lg-4">
          {FEATURES.map((f) => (
            <div key={f.title} className="col-sm-6 col-lg-4">
              <div className="card h-100 app-feature">
                <div className="card-body">
                  <span className="app-feature-icon" aria-hidden="true">
                    <Icon name={f.icon} />
                  </span>
                  <h3 className="h6 mt-3 mb-2">{f.title}</h3>
                  <p className="text-body-secondary mb-0 small">{f.text}</p>
                </div>
              </div>
            </div>
          ))}
        </div>
      </section>
    </>
  );
}

Welcome.layout = GuestLayout;
