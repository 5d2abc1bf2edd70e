import { useEffect, useRef, useState } from 'react';

/** True for `ms` after `key` changes (not on the first render): drives the short highlight of a changed figure. */
export function useHighlight(key: unknown, ms: number): boolean {
  const [on, setOn] = useState(false);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setOn(true);
    const timer = window.setTimeout(() => setOn(false), ms);
    return () => window.clearTimeout(timer);
  }, [key, ms]);
  return on;
}
