import { type ReactNode, useState } from 'react';
import { FieldFrame, describedBy } from '@/components/Field';
import { DateInput, type DateInputProps } from './DateInput';

/**
 * A labelled date field of a form (FieldFrame + DateInput): jj/mm/aaaa typed and shown whatever
 * the browser's language, ISO in the form's data; the field's own reading error (« Le 31/02/2026
 * n’existe pas… ») or else the server's under it. Spread `form.fieldProps('entry_date')` into it.
 */
export function DateField({
  id,
  name,
  label,
  value,
  onChange,
  error,
  hint,
  min,
  max,
  required,
  className = '',
  mode,
  testId,
}: {
  id: string;
  name: string;
  label: ReactNode;
  value: string;
  onChange: (iso: string) => void;
  error?: string;
  hint?: ReactNode;
  min?: string;
  max?: string;
  required?: boolean;
  className?: string;
  mode?: DateInputProps['mode'];
  testId?: string;
}) {
  const [issue, setIssue] = useState<string | null>(null);
  const shown = issue ?? error;
  return (
    <FieldFrame id={id} label={label} required={required} error={shown} hint={hint} className={className}>
      <DateInput
        id={id}
        name={name}
        value={value}
        onChange={onChange}
        min={min}
        max={max}
        required={required}
        error={error}
        onIssue={setIssue}
        describedBy={describedBy(id, shown, hint)}
        mode={mode}
        testId={testId}
      />
    </FieldFrame>
  );
}
