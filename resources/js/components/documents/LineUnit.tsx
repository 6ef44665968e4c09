import { formatQty, formatQuantity } from '@/components/data/format';
import { baseQuantity } from './document-lines';

export type LineUnitValue = 'unit' | 'pack';

/**
 * The unit cell of a line being entered: by unit or by pack (« colis de 12 ») when the product
 * comes in packs, with what a quantity of packs makes in units; a product sold one by one shows its
 * unit. Beside `LineQuantity`, whose `max` is `maxEnteredQuantity(unit, packSize)`.
 */
export function LineUnit({
  label,
  ariaLabel,
  unitName,
  packSize,
  unit,
  quantity,
  onChange,
}: {
  /** The column's label (« Vendu par », « Saisie par »), shown on a phone's card. */
  label: string;
  ariaLabel: string;
  unitName: string;
  packSize: number;
  unit: LineUnitValue;
  quantity: number | null;
  onChange: (unit: LineUnitValue) => void;
}) {
  return (
    <td className="app-line-unit" data-label={label}>
      {packSize > 1 ? (
        <select
          className="form-select form-select-sm"
          aria-label={ariaLabel}
          value={unit}
          onChange={(e) => onChange(e.target.value as LineUnitValue)}
        >
          <option value="unit">{unitName}</option>
          <option value="pack">colis de {formatQty(packSize)}</option>
        </select>
      ) : (
        <span className="small">{unitName}</span>
      )}
      {unit === 'pack' && quantity ? (
        <div className="small text-body-secondary mt-1">
          = {formatQuantity(baseQuantity(quantity, unit, packSize), unitName)}
        </div>
      ) : null}
    </td>
  );
}

/** A line entered by pack, as a document's page shows it (« 3 colis × 12 »); nothing for a line entered by unit. */
export function PackQuantity({ unit, entered, packSize }: { unit: LineUnitValue; entered: number; packSize: number }) {
  return unit === 'pack' ? <>{`${formatQty(entered)} colis × ${formatQty(packSize)}`}</> : null;
}
