import { useLayoutEffect, useRef, type RefObject } from 'react';
import type { EarlyIsland } from '../../browser/early-input';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Makes React see a value the visitor gave a native field before hydration. React keeps such a value in the DOM but
 * tracks it as if it were its own, so its state and the page disagree. Setting the field back through its own property
 * tells React's tracker the rendered value; setting the visitor's value with the prototype's setter leaves the tracker
 * alone, so the `input` event that follows reaches the field's onChange as a real change.
 */
function replayValue(field: HTMLInputElement | HTMLTextAreaElement): boolean {
  const value = field.value;
  if (value === field.defaultValue || field.type === 'file') return false;
  field.value = field.defaultValue;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  return true;
}

/** The same for a radio the visitor checked or a checkbox they toggled: its onChange runs as for a click. */
function replayChecked(field: HTMLInputElement): boolean {
  if (field.checked === field.defaultChecked || (field.type === 'radio' && !field.checked)) return false;
  field.checked = !field.checked;
  field.click();
  return true;
}

/** A select the visitor changed: React reads a select's value on its `change` event, so that event is sent again. */
function replaySelected(field: HTMLSelectElement): boolean {
  const rendered = [...field.options].find((option) => option.defaultSelected) ?? field.options[0];
  if (!rendered || field.value === rendered.value) return false;
  field.dispatchEvent(new Event('change', { bubbles: true }));
  return true;
}

function replay(field: Field): boolean {
  if (field instanceof HTMLSelectElement) return replaySelected(field);
  if (field instanceof HTMLInputElement && (field.type === 'radio' || field.type === 'checkbox')) {
    return replayChecked(field);
  }
  return replayValue(field);
}

/**
 * What the visitor did to this island before it hydrated becomes its state, before the first paint after hydration
 * (see src/browser/early-input.ts for what is kept and how). `root` is the island's outermost element. On mount:
 *
 * 1. every native field inside `root` whose value or checked state differs from what React rendered has its change
 *    replayed, so the field's own onChange adopts it;
 * 2. every click on a `data-early` control recorded before hydration is replayed on the same element, in order, and a
 *    recorded submit of a `data-early` form is sent again with `requestSubmit()`.
 *
 * Replayed events run back to back in one React batch: handlers of `data-early` controls must use functional state
 * updates (`setX((x) => ...)`), not values read from the render. Returns a ref that is true once anything was replayed.
 */
export function useEarlyInput(root: RefObject<HTMLElement | null>): RefObject<boolean> {
  const replayed = useRef(false);
  useLayoutEffect(() => {
    const element = root.current;
    if (!element) return;
    for (const field of element.querySelectorAll<Field>('input, textarea, select')) {
      if (replay(field)) replayed.current = true;
    }
    const island = element.closest<EarlyIsland>('astro-island');
    const queue = island?.early ?? [];
    island?.removeAttribute('aria-busy');
    if (island) island.early = [];
    for (const control of queue) {
      if (!control.isConnected) continue;
      replayed.current = true;
      if (control instanceof HTMLFormElement) control.requestSubmit();
      else control.click();
    }
  }, [root]);
  return replayed;
}
