/** A Font Awesome icon, hidden from assistive technologies (the text next to it says it). */
export function Icon({
  name,
  className = '',
  fixedWidth = false,
}: {
  name: string;
  className?: string;
  fixedWidth?: boolean;
}) {
  return <i className={`${name}${fixedWidth ? ' fa-fw' : ''}${className ? ` ${className}` : ''}`} aria-hidden="true" />;
}
