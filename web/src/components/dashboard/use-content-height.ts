import { useEffect, useRef, type RefObject } from 'react';

/**
 * Reports the height (px) a widget's frame needs to show all of its content: the frame's own parts (header,
 * borders) plus the body's padding plus the content's natural height. Measured again whenever the content
 * changes size (new data, a narrower column, a longer translation).
 */
export function useContentHeight(
  frame: RefObject<HTMLElement | null>,
  body: RefObject<HTMLElement | null>,
  content: RefObject<HTMLElement | null>,
  onHeight: ((px: number) => void) | undefined,
): void {
  // The latest callback without re-observing on every render.
  const report = useRef(onHeight);
  useEffect(() => {
    report.current = onHeight;
  });
  const wanted = onHeight !== undefined;
  useEffect(() => {
    const frameElement = frame.current;
    const bodyElement = body.current;
    const contentElement = content.current;
    if (!wanted || !frameElement || !bodyElement || !contentElement) return;
    const measure = (): void => {
      const style = getComputedStyle(bodyElement);
      const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
      const chrome = frameElement.getBoundingClientRect().height - bodyElement.getBoundingClientRect().height;
      report.current?.(Math.ceil(chrome + padding + contentElement.getBoundingClientRect().height));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(contentElement);
    return () => observer.disconnect();
  }, [frame, body, content, wanted]);
}
