import { Link, router } from '@inertiajs/react';
import { useState } from 'react';
import type { SupportPages } from '@shared/support';
import { route } from '@shared/routes';
import { AppPage } from '@/components/AppPage';
import { Icon } from '@/components/Icon';
import { EmptyState } from '@/components/data/EmptyState';
import '../../../css/screens/support.scss';

/**
 * Support › Documentation: the user guide (docs/guide/*.md, rendered and sanitised by the server),
 * its chapters, a search across every chapter with the words highlighted, and a printable chapter.
 */
export default function Documentation({ chapters, chapter, q, results }: SupportPages['support/Documentation']) {
  const [term, setTerm] = useState(q);
  const search = (value: string) =>
    router.get(route('support.documentation'), value.trim() ? { q: value.trim() } : {}, { preserveState: true });
  return (
    <AppPage
      title={chapter ? `${chapter.title} — Documentation` : 'Documentation'}
      heading="Documentation"
      subtitle="Le guide de l’utilisateur : chaque écran expliqué pas à pas."
      breadcrumbs={[
        { label: 'Support' },
        { label: 'Documentation', href: route('support.documentation') },
        ...(chapter ? [{ label: chapter.title }] : []),
      ]}
      actions={
        chapter ? (
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => window.print()}
            data-testid="doc-print"
          >
            <Icon name="fa-solid fa-print" className="me-2" />
            Imprimer le chapitre
          </button>
        ) : null
      }
    >
      <div className="row g-4">
        <aside className="col-lg-3">
          <div className="app-doc-nav">
            <form
              role="search"
              className="mb-3"
              onSubmit={(e) => {
                e.preventDefault();
                search(term);
              }}
            >
              <label htmlFor="doc-search" className="form-label small text-body-secondary">
                Rechercher dans la documentation
              </label>
              <div className="input-group">
                <input
                  id="doc-search"
                  type="search"
                  className="form-control"
                  value={term}
                  onChange={(e) => setTerm(e.target.value)}
                  placeholder="Ex. : transfert, DUPLICATA…"
                  maxLength={100}
                  data-testid="doc-search"
                />
                <button type="submit" className="btn btn-primary" aria-label="Rechercher">
                  <Icon name="fa-solid fa-magnifying-glass" />
                </button>
              </div>
            </form>
            <nav aria-label="Chapitres de la documentation">
              <ol className="list-unstyled mb-0" data-testid="doc-chapters">
                {chapters.map((c) => (
                  <li key={c.slug}>
                    <Link
                      href={route('support.documentation.chapter', { slug: c.slug })}
                      className={`d-block rounded px-2 py-1 text-decoration-none ${chapter?.slug === c.slug ? 'bg-primary-subtle fw-semibold' : 'link-body-emphasis'}`}
                      aria-current={chapter?.slug === c.slug ? 'page' : undefined}
                    >
                      {c.title}
                    </Link>
                  </li>
                ))}
              </ol>
            </nav>
          </div>
        </aside>
        <div className="col-lg-9">
          {results ? (
            <section aria-labelledby="doc-results-title" data-testid="doc-results">
              <h2 id="doc-results-title" className="h5 mb-3">
                {results.length
                  ? `${results.length} résultat${results.length > 1 ? 's' : ''} pour « ${q} »`
                  : `Aucun résultat pour « ${q} »`}
              </h2>
              {results.length === 0 ? (
                <EmptyState icon="fa-solid fa-magnifying-glass" title="Rien trouvé">
                  Essayez un autre mot (« transfert », « inventaire », « imprimante »…) ou parcourez les chapitres.
                </EmptyState>
              ) : (
                <ol className="list-unstyled">
                  {results.map((r, i) => (
                    <li
                      key={`${r.slug}-${r.anchor}-${i}`}
                      className="card mb-3 app-doc-hit"
                      data-testid="doc-hit"
                      data-chapter={r.slug}
                    >
                      <div className="card-body">
                        <Link
                          href={`${route('support.documentation.chapter', { slug: r.slug })}${r.anchor ? `#${r.anchor}` : ''}`}
                          className="fw-semibold"
                        >
                          {r.section}
                        </Link>
                        <div className="small text-body-secondary mb-1">{r.chapter}</div>
                        {/* Server-built excerpt: the text escaped, only <mark> added. */}
                        <p className="mb-0 small" dangerouslySetInnerHTML={{ __html: r.excerpt }} />
                      </div>
                    </li>
                  ))}
                </ol>
              )}
            </section>
          ) : chapter ? (
            <div className="row g-4 app-doc-print">
              <article className="col-xl-9 app-doc-content" data-testid="doc-chapter" data-chapter={chapter.slug}>
                {/* Server-rendered Markdown, sanitised (server/services/support/documentation.ts). */}
                <div dangerouslySetInnerHTML={{ __html: chapter.html }} />
              </article>
              {chapter.toc.length > 1 ? (
                <nav className="col-xl-3 d-none d-xl-block app-doc-noprint" aria-label="Sur cette page">
                  <div className="app-doc-nav small">
                    <p className="text-body-secondary text-uppercase fw-semibold small mb-2">Sur cette page</p>
                    <ul className="list-unstyled">
                      {chapter.toc.map((t) => (
                        <li key={t.anchor} className={t.level === 3 ? 'ms-3' : ''}>
                          <a href={`#${t.anchor}`} className="link-body-emphasis text-decoration-none d-block py-1">
                            {t.text}
                          </a>
                        </li>
                      ))}
                    </ul>
                  </div>
                </nav>
              ) : null}
            </div>
          ) : (
            <EmptyState icon="fa-solid fa-book" title="Documentation absente">
              Aucun chapitre n’est installé.
            </EmptyState>
          )}
        </div>
      </div>
    </AppPage>
  );
}
