import { Link, usePage } from '@inertiajs/react';
import { useMemo } from 'react';
import { MENU, type MenuNode } from '@shared/menu';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { AppPage } from '@/components/AppPage';
import { Avatar } from '@/components/Avatar';
import { Icon } from '@/components/Icon';

type Area = PageProps<'Dashboard'>['areas'][number];

const GROUP_ICONS: Record<string, string> = {
  Principal: 'fa-solid fa-house',
  Fichiers: 'fa-solid fa-folder-open',
  Opérations: 'fa-solid fa-right-left',
  'Annulations et réimpressions': 'fa-solid fa-ban',
  Éditions: 'fa-solid fa-chart-pie',
  Paramètres: 'fa-solid fa-gears',
  Support: 'fa-solid fa-life-ring',
};

/** Route → the menu heading it sits under (the sidebar's sections). */
const HEADING_OF: Map<string, string> = (() => {
  const map = new Map<string, string>();
  let heading = 'Principal';
  const visit = (node: MenuNode) => {
    if (node.to) map.set(node.to, heading);
    node.sub?.forEach(visit);
  };
  for (const node of MENU) {
    if (node.heading) heading = node.name;
    else visit(node);
  }
  return map;
})();

/** Areas grouped like the sidebar's sections, in menu order. */
export function groupAreas(areas: Area[]): Array<{ name: string; icon: string; areas: Array<Area & { path: string[] }> }> {
  const groups = new Map<string, Array<Area & { path: string[] }>>();
  for (const area of areas) {
    const group = (area.to && HEADING_OF.get(area.to)) ?? area.trail[0] ?? 'Principal';
    // The submenu named like its section adds nothing ("Fichiers" under "Fichiers").
    const path = area.trail[0] && group.startsWith(area.trail[0]) ? area.trail.slice(1) : area.trail;
    if (!groups.has(group)) groups.set(group, []);
    groups.get(group)!.push({ ...area, path });
  }
  return [...groups].map(([name, list]) => ({ name, icon: GROUP_ICONS[name] ?? 'fa-solid fa-star', areas: list }));
}

function today(): string {
  const text = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date());
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export default function Dashboard({ greeting, areas }: PageProps<'Dashboard'>) {
  const user = usePage().props.auth.user;
  const groups = useMemo(() => groupAreas(areas.filter((a) => a.to !== route('dashboard'))), [areas]);
  const count = groups.reduce((n, g) => n + g.areas.length, 0);

  return (
    <AppPage title="Tableau de bord" breadcrumbs={[{ label: 'Tableau de bord' }]} subtitle={today()}>
      <section className="app-welcome card mb-4" aria-labelledby="dashboard-greeting">
        <div className="card-body">
          {user ? <Avatar name={user.name} src={user.gravatar} size={56} className="app-welcome-avatar" /> : null}
          <div className="flex-grow-1 min-w-0">
            <h2 id="dashboard-greeting" className="h4 mb-1" data-testid="dashboard-greeting">
              {greeting}
            </h2>
            <p className="mb-0 app-welcome-text">
              {count > 0
                ? `Vous avez accès à ${count} écran${count > 1 ? 's' : ''}. Choisissez-en un ci-dessous ou dans le menu.`
                : 'Votre compte est prêt.'}
            </p>
            {user?.roles.length ? (
              <div className="mt-2 d-flex flex-wrap gap-1">
                {user.roles.map((r) => (
                  <span key={r.name} className="badge app-welcome-badge">
                    <Icon name="fa-solid fa-user-tag" className="me-1" />
                    {r.name}
                  </span>
                ))}
              </div>
            ) : null}
          </div>
        </div>
      </section>

      {groups.length === 0 ? (
        <div className="card app-empty-state" data-testid="dashboard-empty">
          <div className="card-body">
            <div className="app-empty-icon" aria-hidden="true">
              <Icon name="fa-solid fa-user-lock" />
            </div>
            <h2 className="h5">Aucun écran ne vous est encore ouvert</h2>
            <p className="text-body-secondary mb-0">Un administrateur doit vous attribuer un rôle. Vous pouvez déjà gérer votre profil.</p>
            <Link href={route('profile')} className="btn btn-outline-primary mt-3">
              <Icon name="fa-regular fa-user" className="me-2" />
              Mon profil
            </Link>
          </div>
        </div>
      ) : (
        <div className="app-area-groups" data-testid="dashboard-areas">
          {groups.map((group, gi) => (
            <section key={group.name} className="card app-area-group" aria-labelledby={`area-group-${gi}`}>
              <div className="card-header">
                <span className="app-area-group-icon" aria-hidden="true">
                  <Icon name={group.icon} />
                </span>
                <h2 className="h6 mb-0" id={`area-group-${gi}`}>
                  {group.name}
                </h2>
                <span className="badge rounded-pill text-bg-light ms-auto app-count">{group.areas.length}</span>
              </div>
              <ul className="list-unstyled mb-0 app-area-list">
                {group.areas.map((area) => (
                  <li key={area.to}>
                    <Link href={area.to ?? '#'} className="app-area-link">
                      <span className="app-area-icon" aria-hidden="true">
                        <Icon name={area.icon ?? 'fa-solid fa-circle'} fixedWidth />
                      </span>
                      <span className="flex-grow-1 min-w-0">
                        <span className="app-area-name">{area.name}</span>
                        {area.path.length ? <span className="app-area-trail">{area.path.join(' › ')}</span> : null}
                      </span>
                      <Icon name="fa-solid fa-chevron-right" className="app-area-go" />
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </AppPage>
  );
}
