import { useEffect, useRef, useState } from 'react';

/**
 * The width of the element given `ref`, followed on resize (ResizeObserver, else the window's resize).
 * `fixed` skips measuring (tests pass a width); `fallback` stands in while nothing can be measured (jsdom).
 * The charts draw at this width.
 */
export function useElementWidth<T extends HTMLElement = HTMLDivElement>({ fixed, fallback = 0 }: { fixed?: number; fallback?: number } = {}) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (fixed !== undefined || !element) return;
    const measure = () => setWidth(element.getBoundingClientRect().width);
    measure();
    if (typeof ResizeObserver === 'function') {
      const observer = new ResizeObserver(measure);
      observer.observe(element);
      return () => observer.disconnect();
    }
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [fixed]);
  return { ref, width: fixed ?? (width > 0 ? width : fallback) };
}
