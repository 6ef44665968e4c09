/**
 * The DGI's block on a certified document's paper (every format, original and DUPLICATA): the QR
 * code drawn by the server, the fiscal number, e-MECeF's code, machine, counters and time, and the
 * seller's tax identity. Until the DGI answers the paper says it is not certified yet, so a ticket
 * printed at once is reprinted certified later. PrintSheet prints it at the document's end.
 */
import { FISCAL_PRINT_TITLES, type FiscalPrint } from '@shared/fiscal';

export function FiscalBlock({ fiscal }: { fiscal: FiscalPrint }) {
  const seller = [
    fiscal.seller.tax_id ? `${fiscal.seller.tax_label} : ${fiscal.seller.tax_id}` : '',
    fiscal.seller.rccm ? `RCCM : ${fiscal.seller.rccm}` : '',
    fiscal.seller.regime ? `Régime : ${fiscal.seller.regime}` : '',
  ].filter(Boolean);
  const certified = fiscal.state === 'certified';
  return (
    <section
      className={`app-print-fiscal${certified ? '' : ' is-pending'}`}
      data-testid="fiscal-block"
      data-fiscal-state={fiscal.state}
    >
      {fiscal.qr_svg ? (
        <img
          className="app-print-fiscal-qr"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(fiscal.qr_svg)}`}
          alt="QR code de vérification DGI"
          data-testid="fiscal-qr"
        />
      ) : null}
      <div className="app-print-fiscal-text">
        <div className="app-print-fiscal-title">{FISCAL_PRINT_TITLES[fiscal.provider]}</div>
        {certified ? (
          <>
            <div>
              {fiscal.provider === 'emecef' ? 'Code MECeF/DGI' : 'N° fiscal'} :{' '}
              <strong data-testid="fiscal-number">{fiscal.fiscal_number}</strong>
            </div>
            {fiscal.mecef ? (
              <div className="app-print-fiscal-mecef" data-testid="fiscal-mecef">
                <span>MECeF NIM : {fiscal.mecef.nim}</span> <span>Compteurs : {fiscal.mecef.counters}</span>{' '}
                <span>Heure : {fiscal.mecef.date_time}</span>
              </div>
            ) : null}
            <div className="app-print-fiscal-hint">Scannez le code pour vérifier ce document auprès de la DGI.</div>
          </>
        ) : (
          <div className="app-print-fiscal-wait" data-testid="fiscal-pending">
            {fiscal.state === 'refused' || fiscal.state === 'uncertain'
              ? 'Non certifié par la DGI à l’impression : réimprimez ce document une fois certifié.'
              : 'En attente de certification : réimprimez ce document une fois certifié.'}
          </div>
        )}
        {seller.length ? <div className="app-print-fiscal-seller">{seller.join(' · ')}</div> : null}
      </div>
    </section>
  );
}
