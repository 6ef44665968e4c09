import { Link } from '@inertiajs/react';
import type { SupportPages } from '@shared/support';
import { route } from '@shared/routes';
import { AppPage } from '@/components/AppPage';
import { SelectField, TextAreaField, TextField } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { SubmitButton } from '@/components/SubmitButton';
import { SectionCard } from '@/components/data/SectionCard';
import { AttachmentsInput } from '@/components/support/AttachmentsInput';
import { useServerForm } from '@/hooks/useServerForm';
import '../../../../css/screens/support.scss';

export default function TicketsCreate({ categories, priorities }: SupportPages['support/tickets/Create']) {
  const form = useServerForm<{
    subject: string;
    category: string;
    priority: string;
    description: string;
    attachments: File[];
  }>({ subject: '', category: 'question', priority: 'normale', description: '', attachments: [] });
  return (
    <AppPage
      title="Nouveau ticket"
      subtitle="Décrivez votre demande : le support vous répondra sur ce ticket et par e-mail."
      breadcrumbs={[
        { label: 'Support' },
        { label: 'Tickets', href: route('support.tickets.index') },
        { label: 'Nouveau ticket' },
      ]}
    >
      <div className="row">
        <div className="col-xl-8">
          <SectionCard title="Votre demande" icon="fa-solid fa-ticket">
            <div className="card-body">
              <form
                ref={form.formRef}
                noValidate
                data-testid="ticket-form"
                onSubmit={(e) => {
                  e.preventDefault();
                  form.submit('post', route('support.tickets.index'), { forceFormData: true });
                }}
              >
                <TextField
                  {...form.fieldProps('subject')}
                  label="Objet"
                  required
                  maxLength={150}
                  placeholder="Ex. : l’état de stock ne s’imprime pas"
                />
                <div className="row">
                  <div className="col-sm-6">
                    <SelectField {...form.fieldProps('category')} label="Catégorie" options={categories} required />
                  </div>
                  <div className="col-sm-6">
                    <SelectField
                      {...form.fieldProps('priority')}
                      label="Priorité"
                      options={priorities}
                      required
                      hint="« Urgente » : le travail est bloqué (vente, caisse, réception)."
                    />
                  </div>
                </div>
                <TextAreaField
                  {...form.fieldProps('description')}
                  label="Description"
                  required
                  rows={7}
                  maxLength={5000}
                  hint="Ce que vous faisiez, ce que vous attendiez, ce qui est arrivé (avec le message affiché et sa référence, le cas échéant)."
                />
                <AttachmentsInput
                  id="ticket-attachments"
                  files={form.data.attachments}
                  onChange={(files) => {
                    form.setData('attachments', files);
                    form.clearErrors('attachments');
                  }}
                  error={form.errorOf('attachments')}
                />
                <div className="d-flex justify-content-end gap-2">
                  <Link href={route('support.tickets.index')} className="btn btn-outline-secondary">
                    Annuler
                  </Link>
                  <SubmitButton busy={form.busy} icon="fa-solid fa-paper-plane" testId="ticket-submit">
                    Envoyer le ticket
                  </SubmitButton>
                </div>
              </form>
            </div>
          </SectionCard>
        </div>
        <div className="col-xl-4">
          <SectionCard title="Avant d’écrire" icon="fa-solid fa-circle-info">
            <div className="card-body">
              <p className="small mb-2">La réponse est peut-être déjà dans la documentation :</p>
              <Link
                href={route('support.documentation.chapter', { slug: 'faq' })}
                className="btn btn-sm btn-outline-primary"
              >
                <Icon name="fa-solid fa-book" className="me-2" />
                Questions fréquentes
              </Link>
              <p className="small text-body-secondary mt-3 mb-0">
                Après une erreur du serveur, recopiez la « Référence à communiquer au support » affichée sur la page
                d’erreur : elle permet de retrouver l’erreur dans les journaux.
              </p>
            </div>
          </SectionCard>
        </div>
      </div>
    </AppPage>
  );
}
