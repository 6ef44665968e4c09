import { code39Widths } from '@shared/code39';

/**
 * A Code 39 barcode as SVG (crisp on any printer): a document number a scanner reads back, e.g.
 * the ticket's VB- number for a correction. `module` is the narrow element's width in px.
 */
export function Barcode39({
  value,
  height = 40,
  module = 1.2,
  testId,
}: {
  value: string;
  height?: number;
  module?: number;
  testId?: string;
}) {
  const widths = code39Widths(value);
  const bars: Array<{ x: number; w: number }> = [];
  let x = 10 * module; // quiet zone
  // A wide element is 2.5 narrow ones (the usual ratio, well inside the 2–3 scanners accept).
  widths.forEach((w, i) => {
    const width = w === 2 ? 2.5 * module : module;
    if (i % 2 === 0) bars.push({ x, w: width });
    x += width;
  });
  const total = x + 10 * module;
  return (
    <svg
      style={{ display: 'block', margin: '0.3rem 0 0.4rem' }}
      viewBox={`0 0 ${total} ${height}`}
      width="100%"
      height={height}
      preserveAspectRatio="none"
      role="img"
      aria-label={`Code-barres ${value}`}
      data-testid={testId}
      data-value={value}
    >
      <rect x="0" y="0" width={total} height={height} fill="#fff" />
      {bars.map((b, i) => (
        <rect key={i} x={b.x} y="0" width={b.w} height={height} fill="#000" />
      ))}
    </svg>
  );
}
