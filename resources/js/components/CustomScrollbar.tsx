import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { debounce } from '@/lib/debounce';
import { SCROLL_DEBOUNCE_MS, SCROLLBAR_MIN_THUMB, scrollForThumb, thumbGeometry } from '@/lib/scrollbar';
import { readStoredSession, writeStoredSession } from '@/lib/session-storage';

interface CustomScrollbarProps {
  children: ReactNode;
  className?: string;
  /** Remembers the scroll position in sessionStorage under this key. */
  storageKey?: string;
  minThumbSize?: number;
  label?: string;
}

/**
 * A thin overlay scrollbar for the dark sidebar: native scrolling (wheel, touch, keyboard)
 * with the native bar hidden, and a drawn thumb of at least 25 px that can be dragged. The
 * thumb follows every frame; the rest of the scroll handling (remembering the position, fading
 * the bar) is debounced at 100 ms.
 */
export function CustomScrollbar({
  children,
  className = '',
  storageKey,
  minThumbSize = SCROLLBAR_MIN_THUMB,
  label,
}: CustomScrollbarProps) {
  const view = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const [thumb, setThumb] = useState({ visible: false, size: 0, offset: 0 });
  const [scrolling, setScrolling] = useState(false);
  const drag = useRef<{ startY: number; startOffset: number } | null>(null);

  const measure = () => {
    const el = view.current;
    if (!el) return;
    setThumb(thumbGeometry(el.clientHeight, el.scrollHeight, el.scrollTop, minThumbSize));
  };

  useLayoutEffect(() => {
    const el = view.current;
    if (!el) return;
    if (storageKey) {
      const saved = Number(readStoredSession(storageKey));
      if (Number.isFinite(saved) && saved > 0) el.scrollTop = saved;
    }
    measure();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const el = view.current;
    if (!el) return;
    let frame = 0;
    const settle = debounce(() => {
      setScrolling(false);
      if (storageKey) writeStoredSession(storageKey, String(Math.round(el.scrollTop)));
    }, SCROLL_DEBOUNCE_MS);
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
      setScrolling(true);
      settle();
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    const observer = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(() => measure()) : null;
    observer?.observe(el);
    if (content.current) observer?.observe(content.current);
    return () => {
      el.removeEventListener('scroll', onScroll);
      observer?.disconnect();
      cancelAnimationFrame(frame);
      settle.cancel();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storageKey, minThumbSize]);

  const onThumbPointerDown = (e: React.PointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    (e.target as HTMLElement).setPointerCapture(e.pointerId);
    drag.current = { startY: e.clientY, startOffset: thumb.offset };
  };
  const onThumbPointerMove = (e: React.PointerEvent<HTMLDivElement>) => {
    const el = view.current;
    if (!drag.current || !el) return;
    el.scrollTop = scrollForThumb(
      el.clientHeight,
      el.scrollHeight,
      thumb.size,
      drag.current.startOffset + e.clientY - drag.current.startY,
    );
  };
  const onThumbPointerUp = () => {
    drag.current = null;
  };
  const onTrackPointerDown = (e: React.PointerEvent<HTMLDivElement>) => {
    const el = view.current;
    if (!el || e.target !== e.currentTarget) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const direction = e.clientY < rect.top + thumb.offset ? -1 : 1;
    el.scrollBy({ top: direction * el.clientHeight * 0.9, behavior: 'smooth' });
  };

  return (
    <div className={`app-scroll ${scrolling ? 'is-scrolling' : ''} ${className}`}>
      <div ref={view} className="app-scroll-view" tabIndex={-1} aria-label={label}>
        <div ref={content}>{children}</div>
      </div>
      {thumb.visible ? (
        <div className="app-scroll-track" onPointerDown={onTrackPointerDown} aria-hidden="true">
          <div
            className="app-scroll-thumb"
            style={{ height: thumb.size, transform: `translateY(${thumb.offset}px)` }}
            onPointerDown={onThumbPointerDown}
            onPointerMove={onThumbPointerMove}
            onPointerUp={onThumbPointerUp}
            onPointerCancel={onThumbPointerUp}
            data-testid="sidebar-scroll-thumb"
          />
        </div>
      ) : null}
    </div>
  );
}
