import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { cancellationColumns } from '@/components/documents/cancellationColumns';

type Row = {
  id: number;
  reason: string | null;
  on: string | null;
  reprints: number;
  open: boolean;
  blocked: string | null;
};

const row = (over: Partial<Row> = {}): Row => ({
  id: 1,
  reason: null,
  on: null,
  reprints: 0,
  open: true,
  blocked: null,
  ...over,
});

function columns(can: { reprint: boolean; cancel: boolean }, onCancel = vi.fn()) {
  return cancellationColumns<Row>({
    badge: () => <span className="badge">Validé</span>,
    reason: (r) => ({ text: r.reason, on: r.on }),
    reprints: (r) => r.reprints,
    reprintLinks: (r) => [{ href: `/print/${r.id}`, label: 'Reçu', icon: 'fa-solid fa-copy', testId: 'reprint' }],
    canReprint: can.reprint,
    canCancel: can.cancel,
    cancellable: (r) => r.open,
    blocked: (r) => r.blocked,
    onCancel,
  });
}

const html = (node: React.ReactNode) => renderToStaticMarkup(<>{node}</>);

describe('cancellationColumns (the shared status and actions cells of the cancellation screens)', () => {
  it('writes the reason with its date and the reprint count in the status cell', () => {
    const [status] = columns({ reprint: true, cancel: true });
    const out = html(status!.cell(row({ reason: 'Saisie en double', on: '2026-11-20', reprints: 2 })));
    expect(out).toContain('Le 20/11/2026 : ');
    expect(out).toContain('Saisie en double');
    expect(out).toContain('2 réimpressions');
    expect(html(status!.cell(row({ reprints: 1 })))).toContain('1 réimpression<');
    expect(html(status!.cell(row()))).not.toContain('réimpression');
  });

  it('shows the reprint links and a cancel button, disabled with its reason when blocked', () => {
    const [, actions] = columns({ reprint: true, cancel: true });
    const out = html(actions!.cell(row({ blocked: 'Réglée par REG-2026-000001' })));
    expect(out).toContain('href="/print/1"');
    expect(out).toMatch(/<button[^>]*disabled=""[^>]*title="Réglée par REG-2026-000001"/);
    expect(html(actions!.cell(row({ open: false })))).not.toContain('data-testid="cancel"');
  });

  it('has no actions column for a user who may neither reprint nor cancel, and hides what is not allowed', () => {
    expect(columns({ reprint: false, cancel: false })[1]).toBeNull();
    const [, onlyCancel] = columns({ reprint: false, cancel: true });
    expect(html(onlyCancel!.cell(row()))).not.toContain('data-testid="reprint"');
  });

  it('is the one place the three cancellation screens write these cells', () => {
    // Each screen is a CancellationPage, which ends its columns with cancellationColumns.
    expect(readFileSync('resources/js/components/documents/CancellationPage.tsx', 'utf8')).toContain(
      'cancellationColumns<T>(',
    );
    for (const page of ['sales/Cancellation', 'settlements/Cancellation', 'stock/transfers/Cancellation']) {
      const source = readFileSync(`resources/js/pages/${page}.tsx`, 'utf8');
      expect(source, page).toContain('<CancellationPage');
      expect(source, page).not.toContain('reprints > 1');
      expect(source, page).not.toContain('fa-solid fa-ban');
    }
  });
});
