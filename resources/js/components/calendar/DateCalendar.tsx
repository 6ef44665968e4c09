import { DayPicker } from 'react-day-picker';
import { fr } from 'react-day-picker/locale/fr';
import 'react-day-picker/style.css';

const dateOf = (iso: string | undefined) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : undefined;
};
const isoOf = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/**
 * The calendar of a date field (react-day-picker, French: weeks from Monday, French month and day
 * names), loaded with the first calendar opened (DateInput's lazy import) so that no screen pays
 * for it before. Days outside min/max cannot be chosen.
 */
export default function DateCalendar({
  value,
  min,
  max,
  onPick,
}: {
  value: string;
  min?: string;
  max?: string;
  onPick: (iso: string) => void;
}) {
  const selected = dateOf(value);
  const [from, to] = [dateOf(min), dateOf(max)];
  return (
    <DayPicker
      mode="single"
      locale={fr}
      required={false}
      selected={selected}
      defaultMonth={selected ?? to}
      onSelect={(d) => d && onPick(isoOf(d))}
      disabled={[...(from ? [{ before: from }] : []), ...(to ? [{ after: to }] : [])]}
      startMonth={from}
      endMonth={to}
      captionLayout="dropdown"
      autoFocus
      className="app-date-calendar"
    />
  );
}
