import { useEffect, useRef, useState } from 'react';

/**
 * For a carousel that moves on its own: true while keyboard focus is inside the element the returned ref is attached
 * to, so auto-advance can wait until the visitor tabs out (WCAG 2.2.2). The focus a click or tap leaves behind does
 * not count: a pointer visitor sees the carousel go on.
 */
export function usePauseOnFocus<T extends HTMLElement>() {
  const ref = useRef<T | null>(null);
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const onFocusIn = (event: FocusEvent) => {
      if ((event.target as HTMLElement).matches(':focus-visible')) setFocused(true);
    };
    const onFocusOut = (event: FocusEvent) => {
      if (!root.contains(event.relatedTarget as Node | null)) setFocused(false);
    };
    root.addEventListener('focusin', onFocusIn);
    root.addEventListener('focusout', onFocusOut);
    return () => {
      root.removeEventListener('focusin', onFocusIn);
      root.removeEventListener('focusout', onFocusOut);
    };
  }, []);
  return { ref, focused };
}
