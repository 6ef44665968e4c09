import type { ReactNode, RefObject } from 'react';
import { FormErrors } from '@/components/data/FormErrors';

/**
 * The form of a document being entered (entry, transfer, readjustment, reception; sales next):
 * the refusals that concern the whole document on top (<FormErrors>, unless the page places
 * them itself), and Enter in a field never
 * sends it (a barcode scanner ends each code with Enter).
 */
export function DocumentForm({
  form,
  onSubmit,
  errors,
  testId,
  className,
  children,
}: {
  form: { formRef: RefObject<HTMLFormElement | null> };
  onSubmit: () => void;
  errors?: string[];
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      ref={form.formRef}
      noValidate
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') e.preventDefault();
      }}
      data-testid={testId}
    >
      {errors ? <FormErrors messages={errors} /> : null}
      {children}
    </form>
  );
}
