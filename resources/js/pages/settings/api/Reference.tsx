import type { OpenApiOperation, OpenApiSchema } from '@shared/api';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { Fragment, type ReactNode } from 'react';
import { Icon } from '@/components/Icon';
import { RecordPage } from '@/components/data/RecordPage';
import { SectionCard } from '@/components/data/SectionCard';
import { Badge, type BadgeTone } from '@/components/data/StatusBadge';
import { API_TABS, SubNav } from '@/components/data/SubNav';
import { formatCount } from '@/components/data/format';

const METHOD_TONES: Record<string, BadgeTone> = {
  get: 'info',
  post: 'success',
  patch: 'warning',
  put: 'warning',
  delete: 'danger',
};
const METHODS = ['get', 'post', 'patch', 'put', 'delete'] as const;
const WRAP = { whiteSpace: 'pre-wrap', wordBreak: 'break-all' } as const;

/** `text` with its `code` spans. */
function Inline({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/(`[^`]+`)/)
        .map((part, i) =>
          part.startsWith('`') && part.endsWith('`') ? (
            <code key={i}>{part.slice(1, -1)}</code>
          ) : (
            <Fragment key={i}>{part}</Fragment>
          ),
        )}
    </>
  );
}

function typeOf(schema: OpenApiSchema): string {
  if (schema.anyOf?.length) return schema.anyOf.map(typeOf).join(' ou ');
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (schema.type === 'array') return `liste de ${schema.items ? typeOf(schema.items) : 'valeurs'}`;
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : ['valeur'];
  const names: Record<string, string> = {
    string: 'texte',
    integer: 'entier',
    number: 'nombre',
    boolean: 'booléen',
    object: 'objet',
    null: 'null',
  };
  return types.map((t) => names[t] ?? t).join(' ou ');
}

function constraints(schema: OpenApiSchema): string[] {
  const out: string[] = [];
  if (schema.format === 'email') out.push('adresse e-mail');
  if (schema.format === 'date-time') out.push('date et heure ISO 8601');
  if (schema.minLength !== undefined && schema.minLength > 0)
    out.push(`au moins ${formatCount(schema.minLength, 'caractère')}`);
  if (schema.maxLength !== undefined) out.push(`${schema.maxLength} caractères au plus`);
  if (schema.minimum !== undefined && Math.abs(schema.minimum) < 1e12) out.push(`min. ${schema.minimum}`);
  if (schema.maximum !== undefined && Math.abs(schema.maximum) < 1e12)
    out.push(`max. ${schema.maximum.toLocaleString('fr-FR')}`);
  if (schema.default !== undefined) out.push(`par défaut ${JSON.stringify(schema.default)}`);
  return out;
}

/** One field: its name, type, whether it is required, its rules and description. */
function FieldItem({
  name,
  schema,
  required,
  where,
}: {
  name: string;
  schema: OpenApiSchema;
  required: boolean;
  where?: string;
}) {
  const rules = constraints(schema);
  return (
    <li className="mb-2">
      <code className="fw-semibold">{name}</code> <span className="small text-body-secondary">{typeOf(schema)}</span>
      {where ? <span className="small text-body-secondary"> — {where}</span> : null}
      {required ? (
        <Badge tone="danger" className="ms-2">
          obligatoire
        </Badge>
      ) : null}
      {schema.description || rules.length ? (
        <div className="small">
          {schema.description ? <Inline text={schema.description} /> : null}
          {rules.length ? <span className="text-body-secondary"> ({rules.join(', ')})</span> : null}
        </div>
      ) : null}
    </li>
  );
}

/** An example value for a field of the example request. */
function example(name: string, schema: OpenApiSchema): unknown {
  if (schema.enum?.length) return schema.enum.find((v) => v !== '') ?? schema.enum[0];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('boolean')) return true;
  if (types.includes('integer') || types.includes('number')) {
    if (name.endsWith('_id')) return 1;
    return schema.description?.startsWith('Montant') ? 1500 : Math.max(schema.minimum ?? 1, 1);
  }
  if (schema.format === 'email') return 'contact@exemple.com';
  if (name === 'code') return 'ABC-001';
  if (name === 'unit') return 'sac';
  return 'Exemple';
}

function curl(base: string, path: string, method: string, op: OpenApiOperation): string {
  const url = base + path.replace(/\{(\w+)\}/g, '1');
  const query = (op.parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => `${p.name}=1`);
  const lines = [
    `curl${method === 'get' ? '' : ` -X ${method.toUpperCase()}`} '${url}${query.length ? `?${query.join('&')}` : ''}'`,
    `  -H "Authorization: Bearer $SDSTOCK_TOKEN"`,
  ];
  const body = op.requestBody?.content['application/json'].schema;
  if (body) {
    const required = new Set(body.required ?? []);
    const fields = Object.entries(body.properties ?? {}).filter(
      ([name]) => required.has(name) || (!required.size && ['name'].includes(name)),
    );
    lines.push(`  -H 'Content-Type: application/json'`);
    if ((op.parameters ?? []).some((p) => p.name === 'Idempotency-Key'))
      lines.push(`  -H "Idempotency-Key: $(uuidgen)"`);
    lines.push(`  -d '${JSON.stringify(Object.fromEntries(fields.map(([name, s]) => [name, example(name, s)])))}'`);
  }
  return lines.join(' \\\n');
}

/** The answer's fields: those of the resource (or of one row of a page). */
function responseFields(op: OpenApiOperation): { fields: Record<string, OpenApiSchema>; page: boolean } | null {
  const success = op.responses['201'] ?? op.responses['200'];
  const schema = success?.content?.['application/json'].schema;
  if (!schema?.properties) return null;
  const data = schema.properties.data;
  if (data?.type === 'array' && data.items?.properties)
    return { fields: data.items.properties, page: 'next_cursor' in schema.properties };
  return { fields: schema.properties, page: false };
}

function Operation({ method, path, op, base }: { method: string; path: string; op: OpenApiOperation; base: string }) {
  const params = (op.parameters ?? []).filter((p) => p.in !== 'header');
  const headers = (op.parameters ?? []).filter((p) => p.in === 'header');
  const body = op.requestBody?.content['application/json'].schema;
  const answer = responseFields(op);
  const errors = Object.keys(op.responses).filter((s) => Number(s) >= 400);
  return (
    <SectionCard
      title={
        <>
          <Badge tone={METHOD_TONES[method] ?? 'secondary'} className="me-2 text-uppercase">
            {method}
          </Badge>
          <code className="text-break">{path}</code>
        </>
      }
      aside={<span className="small text-body-secondary">{op.summary}</span>}
      className="mb-3"
      testId={`op-${op.operationId}`}
    >
      <div className="card-body">
        {op.description ? (
          <p>
            <Inline text={op.description} />
          </p>
        ) : null}
        <p className="small mb-3">
          <Icon name="fa-solid fa-lock" className="me-1 text-body-secondary" />
          Permissions du jeton :{' '}
          {op['x-permissions'].map((p, i) => (
            <Fragment key={p}>
              {i ? ', ' : ''}
              <code>{p}</code>
            </Fragment>
          ))}
        </p>
        <div className="row g-3">
          <div className="col-lg-6">
            {params.length ? (
              <Block title="Paramètres">
                {params.map((p) => (
                  <FieldItem
                    key={p.name}
                    name={p.name}
                    schema={{ ...p.schema, description: p.description }}
                    required={p.required}
                    where={p.in === 'path' ? 'dans l’adresse' : 'dans la requête'}
                  />
                ))}
              </Block>
            ) : null}
            {headers.map((h) => (
              <Block key={h.name} title="En-tête facultatif">
                <FieldItem name={h.name} schema={{ ...h.schema, description: h.description }} required={false} />
              </Block>
            ))}
            {body?.properties ? (
              <Block title={method === 'patch' ? 'Corps JSON (champs à modifier)' : 'Corps JSON'}>
                {Object.entries(body.properties).map(([name, s]) => (
                  <FieldItem key={name} name={name} schema={s} required={(body.required ?? []).includes(name)} />
                ))}
              </Block>
            ) : null}
          </div>
          <div className="col-lg-6">
            <Block title="Exemple">
              <pre
                className="bg-body-tertiary border rounded p-2 small mb-0"
                style={WRAP}
                data-testid={`curl-${op.operationId}`}
              >
                {curl(base, path, method, op)}
              </pre>
            </Block>
            {answer ? (
              <Block title={answer.page ? 'Réponse : { data: [ … ], next_cursor }, chaque ligne avec' : 'Réponse'}>
                {Object.entries(answer.fields).map(([name, s]) => (
                  <FieldItem key={name} name={name} schema={s} required={false} />
                ))}
              </Block>
            ) : null}
            <p className="small text-body-secondary mb-0">
              Erreurs possibles :{' '}
              {errors.map((s, i) => (
                <Fragment key={s}>
                  {i ? ', ' : ''}
                  <span title={op.responses[s].description}>{s}</span>
                </Fragment>
              ))}
              .
            </p>
          </div>
        </div>
      </div>
    </SectionCard>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mb-3">
      <h3 className="h6 small text-uppercase text-body-secondary">{title}</h3>
      <ul className="list-unstyled mb-0">{children}</ul>
    </div>
  );
}

/** Paramètres › API › Référence: the OpenAPI document of /api/v1, readable, with curl examples. */
export default function ApiReference({ document, base_url }: PageProps<'settings/api/Reference'>) {
  const base = base_url.replace(/\/+$/, '');
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({ path, method: m, op: item[m]! })),
  );
  return (
    <RecordPage
      title="Référence de l’API"
      subtitle={`${document.info.title}, version ${document.info.version} (OpenAPI ${document.openapi}).`}
      breadcrumbs={[{ label: 'Paramètres' }, { label: 'API', href: route('apiTokens.index') }, { label: 'Référence' }]}
      mainClassName="col-12"
    >
      <SubNav items={API_TABS} label="API" />
      <SectionCard title="Principes" icon="fa-solid fa-circle-info" className="mb-3" testId="api-principles">
        <div className="card-body">
          {document.info.description.split('\n\n').map((para, i) => (
            <p key={i} className={i ? '' : 'mt-0'}>
              <Inline text={para} />
            </p>
          ))}
          <p className="mb-0">
            Document OpenAPI 3.1 (pour générer un client ou l’importer dans un outil) :{' '}
            <a href={route('api.openapi')} className="text-break">
              {base}
              {route('api.openapi')}
            </a>
          </p>
        </div>
      </SectionCard>
      {document.tags.map((tag) => (
        <section key={tag.name} aria-label={tag.name}>
          <h2 className="h5 mt-4 mb-3">{tag.name}</h2>
          {operations
            .filter((o) => o.op.tags.includes(tag.name))
            .map((o) => (
              <Operation key={`${o.method} ${o.path}`} method={o.method} path={o.path} op={o.op} base={base} />
            ))}
        </section>
      ))}
    </RecordPage>
  );
}
