import { ClientPicker } from './ClientPicker';

/**
 * The « Client » filter of a document list (sales, settlements, their cancellation screens): the
 * filtered client as a removable badge, else a client picker (« Tous les clients »). `onChange`
 * gets the client id, '' to remove it; `testId` names the list (`sales` → sales-client-filter,
 * sales-client-picker).
 */
export function ClientFilter({
  client,
  onChange,
  testId,
}: {
  client: { id: number; name: string } | null;
  onChange: (clientId: string) => void;
  testId: string;
}) {
  return (
    <div className="app-filter app-sales-client-filter" data-testid={`${testId}-client-filter`}>
      <span className="app-filter-label">Client</span>
      {client ? (
        <span className="badge rounded-pill app-badge-soft fw-normal d-inline-flex align-items-center">
          {client.name}
          <button
            type="button"
            className="btn-close ms-2"
            aria-label={`Retirer le filtre client ${client.name}`}
            onClick={() => onChange('')}
          />
        </span>
      ) : (
        <ClientPicker
          label="Client"
          hideLabel
          placeholder="Tous les clients"
          keepSelection={false}
          onPick={(c) => onChange(String(c.id))}
          testId={`${testId}-client-picker`}
        />
      )}
    </div>
  );
}
