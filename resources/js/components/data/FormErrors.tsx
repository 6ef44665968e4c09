import { Icon } from '@/components/Icon';

/** Refusals that concern the whole document (stale version, empty lines, status…), above the form. */
export function FormErrors({ messages, testId = 'form-errors' }: { messages: string[]; testId?: string }) {
  if (messages.length === 0) return null;
  return (
    <div className="alert alert-danger d-flex gap-2 app-alert" role="alert" data-testid={testId}>
      <Icon name="fa-solid fa-triangle-exclamation" className="mt-1" />
      {messages.length === 1 ? (
        <div>{messages[0]}</div>
      ) : (
        <ul className="mb-0 ps-3">
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
