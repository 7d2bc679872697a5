'use client';

import { useEffect, useRef } from 'react';

/** Each change of public page scrolls smoothly to the top. */
export function ScrollToTop({ view }: { view: string }) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [view]);
  return null;
}
