import type { ReactNode } from 'react';
import type { AuditItem, CrudAbilities, UsageInfo } from '@shared/records';
import { route } from '@shared/routes';
import type { Crumb } from '@/components/AppPage';
import { CheckboxField, TextAreaField, TextField } from '@/components/Field';
import { AuditHistory } from '@/components/data/AuditHistory';
import { RecordForm } from '@/components/data/RecordForm';
import { RecordLifecycle } from '@/components/data/RecordLifecycle';
import { RecordPage } from '@/components/data/RecordPage';
import { StatusBadge } from '@/components/data/StatusBadge';
import { useServerForm } from '@/hooks/useServerForm';

/** The areas whose records are a code, a name, a description and an active flag (feminine nouns: « catégorie »). */
export type CodeNameResource = 'categories' | 'expenseCategories';

export interface CodeNameRecord {
  id: number;
  code: string;
  name: string;
  description: string;
  active: boolean;
}

/**
 * One page for a record made of a code, a name, a description and « active » — the product
 * categories and the expense categories: its form (read-only without the create/update
 * permission), what uses it, archive/delete and its history. The routes come from `resource`
 * (`<resource>.index`, `<resource>.show`); the words from the props.
 */
export function CodeNameRecordPage({
  resource,
  record,
  suggestedCode = '',
  usage,
  can,
  history,
  usedBy,
  trail,
  listLabel,
  newTitle,
  legend,
  activeLabel,
  actions,
  testId,
}: {
  resource: CodeNameResource;
  record: CodeNameRecord | null;
  suggestedCode?: string;
  usage: UsageInfo | null;
  can: CrudAbilities;
  history: AuditItem[];
  /** What uses the record, shown beside its code (« 12 produits »). */
  usedBy: string;
  /** The breadcrumbs before the list's. */
  trail: Crumb[];
  listLabel: string;
  newTitle: string;
  legend: string;
  activeLabel: string;
  actions?: ReactNode;
  testId: string;
}) {
  const form = useServerForm({
    code: record?.code ?? suggestedCode,
    name: record?.name ?? '',
    description: record?.description ?? '',
    active: record?.active ?? true,
  });
  const index = route(`${resource}.index`);
  return (
    <RecordPage
      title={record ? record.name : newTitle}
      subtitle={
        record ? (
          <>
            {record.code} · {usedBy} <StatusBadge active={record.active} feminine />
          </>
        ) : undefined
      }
      breadcrumbs={[...trail, { label: listLabel, href: index }, { label: record ? record.code : 'Nouvelle' }]}
      actions={actions}
      mainClassName={record ? 'col-xl-8' : 'col-xl-8 col-xxl-6'}
      aside={
        record && usage ? (
          <RecordLifecycle
            resource={resource}
            id={record.id}
            active={record.active}
            usage={usage}
            noun="cette catégorie"
            canDelete={can.delete}
          />
        ) : null
      }
    >
      <RecordForm
        form={form}
        method={record ? 'put' : 'post'}
        url={record ? route(`${resource}.show`, { id: record.id }) : index}
        cancelHref={index}
        cancelLabel={record ? 'Retour à la liste' : 'Annuler'}
        editable={record ? can.update : can.create}
        legend={legend}
        className="mb-4"
        testId={testId}
      >
        <div className="row">
          <div className="col-sm-4">
            <TextField {...form.fieldProps('code')} label="Code" required maxLength={20} />
          </div>
          <div className="col-sm-8">
            <TextField {...form.fieldProps('name')} label="Nom" required maxLength={120} autoFocus={!record} />
          </div>
        </div>
        <TextAreaField {...form.fieldProps('description')} label="Description" rows={3} maxLength={500} />
        <CheckboxField
          id={`${testId}-active`}
          name="active"
          label={activeLabel}
          checked={form.data.active}
          onChange={(v) => form.setData('active', v)}
          error={form.errorOf('active')}
        />
      </RecordForm>
      {record ? <AuditHistory items={history} /> : null}
    </RecordPage>
  );
}
