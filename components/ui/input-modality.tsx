'use client';

import { useEffect } from 'react';

/**
 * Marks <html data-modality="pointer|keyboard"> by the last kind of input. Chromium counts a
 * Radix tab focused on a mouse click as :focus-visible, so the ring would show after every click;
 * globals.css hides it while the pointer was last used, and keyboard users keep it.
 */
export function InputModality() {
  useEffect(() => {
    const root = document.documentElement;
    const pointer = () => (root.dataset.modality = 'pointer');
    const keyboard = (e: KeyboardEvent) => {
      if (!e.metaKey && !e.altKey && !e.ctrlKey) root.dataset.modality = 'keyboard';
    };
    window.addEventListener('pointerdown', pointer, true);
    window.addEventListener('keydown', keyboard, true);
    return () => {
      window.removeEventListener('pointerdown', pointer, true);
      window.removeEventListener('keydown', keyboard, true);
    };
  }, []);
  return null;
}
