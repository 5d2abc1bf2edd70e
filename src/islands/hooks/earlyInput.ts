/**
 * Adopts what a visitor did in a server-rendered form before its island hydrated: the fields' current values, read
 * from the DOM once on mount (the fields are uncontrolled, so hydration leaves what was typed in place). The one
 * place the search island takes early input from, so it can move to a shared mechanism in one change.
 */
import { useEffect, type RefObject } from 'react';

export function useEarlyInput(form: RefObject<HTMLFormElement | null>, adopt: (values: FormData) => void): void {
  useEffect(() => {
    if (form.current) adopt(new FormData(form.current));
    // Once, on mount: later input arrives through the fields' own handlers.
  }, []);
}
