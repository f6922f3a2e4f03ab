/** Open modals; the page scrolls again when the last one closes (a confirm may sit on top of a modal). */
let locks = 0;
let previousOverflow = '';

/** Stops the page behind a modal from scrolling; returns the release. Each lock releases once. */
export function lockPageScroll(doc: Document): () => void {
  const root = doc.documentElement;
  if (locks === 0) {
    previousOverflow = root.style.overflow;
    root.style.overflow = 'hidden';
  }
  locks += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks -= 1;
    if (locks === 0) root.style.overflow = previousOverflow;
  };
}
