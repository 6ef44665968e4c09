import type { ReactNode } from 'react';
import { TextField } from '@/components/Field';

/**
 * The head of a document being entered: its fields (children: who, where, when, as grid columns)
 * and, across the card, the observation.
 */
export function DocumentHead({
  note,
  notePlaceholder,
  children,
}: {
  note: { id: string; name: string; value: string; onChange: (value: string) => void; error?: string };
  notePlaceholder?: string;
  children: ReactNode;
}) {
  return (
    <div className="card mb-3">
      <div className="card-body">
        <div className="row g-3 align-items-start app-doc-head">
          {children}
          <div className="col-12">
            <TextField {...note} label="Observation" maxLength={500} placeholder={notePlaceholder} className="mb-0" />
          </div>
        </div>
      </div>
    </div>
  );
}
