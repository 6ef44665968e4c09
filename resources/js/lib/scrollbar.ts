/** Geometry of the custom scrollbar thumb (pure, unit-tested). */
export const SCROLLBAR_MIN_THUMB = 25;
export const SCROLL_DEBOUNCE_MS = 100;

export interface ThumbGeometry {
  /** Whether the content overflows (otherwise the bar is hidden). */
  visible: boolean;
  size: number;
  offset: number;
}

export function thumbGeometry(
  viewport: number,
  content: number,
  scrollTop: number,
  minSize = SCROLLBAR_MIN_THUMB,
): ThumbGeometry {
  if (content <= viewport || viewport <= 0) return { visible: false, size: 0, offset: 0 };
  const size = Math.min(viewport, Math.max(minSize, (viewport * viewport) / content));
  const maxScroll = content - viewport;
  const ratio = Math.min(1, Math.max(0, scrollTop / maxScroll));
  return { visible: true, size, offset: ratio * (viewport - size) };
}

/** Scroll position for a thumb dragged to `offset` (inverse of thumbGeometry). */
export function scrollForThumb(viewport: number, content: number, thumbSize: number, offset: number): number {
  const track = viewport - thumbSize;
  if (track <= 0) return 0;
  const ratio = Math.min(1, Math.max(0, offset / track));
  return ratio * (content - viewport);
}
