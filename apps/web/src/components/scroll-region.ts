import { useCallback, useRef, useState } from 'react';

/** Whether `element` has content beyond its box (what axe's scrollable-region-focusable looks at). */
const overflows = (element: HTMLElement) =>
  element.scrollHeight > element.clientHeight || element.scrollWidth > element.clientWidth;

/** What a scrolling box spreads while its content overflows: a Tab stop, named, so the keyboard can scroll it. */
export interface ScrollRegionProps {
  tabIndex?: 0;
  role?: 'region';
  'aria-label'?: string;
}

/**
 * A box that scrolls (a dialog's content, a wide table's frame) and that the keyboard must be able to scroll
 * (WCAG 2.1.1): while its content overflows it is a Tab stop, a region named `label`, and the arrow and page keys
 * scroll it once focused; while everything fits it is neither (no stop with nothing to do). It measures again
 * when its size or its children's sizes change, or a child comes or goes. Spread the result on the box: `ref`
 * included.
 */
export function useScrollRegion<T extends HTMLElement = HTMLDivElement>(
  label: string,
): ScrollRegionProps & { ref: (element: T | null) => void } {
  const [scrolls, setScrolls] = useState(false);
  const stop = useRef<(() => void) | null>(null);
  const ref = useCallback((element: T | null) => {
    stop.current?.();
    stop.current = null;
    if (!element) return;
    const measure = () => setScrolls(overflows(element));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const resize = new ResizeObserver(measure);
    const watchChildren = () => {
      resize.disconnect();
      resize.observe(element);
      for (const child of element.children) resize.observe(child);
    };
    watchChildren();
    // Content that grows (more rows, a longer payslip) resizes a child; a new child (the answer that replaces a
    // spinner) is watched from then on. The box itself may keep its size meanwhile.
    const mutation = new MutationObserver(() => {
      watchChildren();
      measure();
    });
    mutation.observe(element, { childList: true });
    stop.current = () => {
      resize.disconnect();
      mutation.disconnect();
    };
  }, []);
  return scrolls ? { ref, tabIndex: 0, role: 'region', 'aria-label': label } : { ref };
}
