/**
 * Islands hydrate on visibility or idle, so a visitor can reach a control before React owns it. What they do then is
 * kept, in one of two ways, and adopted by the island's `useEarlyInput` hook (src/islands/hooks/useEarlyInput.ts) as it
 * wakes:
 *
 * - native controls (range inputs, radios, checkboxes, text fields) work without JavaScript, so the browser
 *   itself keeps what the visitor did: the hook reads their state and replays it through React;
 * - controls that need the island (tabs, arrows, flip buttons, forms that must not submit natively) carry `data-early`:
 *   this recorder, part of the page script every page loads, holds a click on such a control, or the submit of such a
 *   form, in a queue on its island while the island still carries Astro's `ssr` marker, and marks the island
 *   `aria-busy` (shown as a progress cursor) until the hook has replayed the queue.
 *
 * Once Astro has handed the island to React (the `ssr` marker is gone) React handles every event itself, hydrating on
 * the spot if needed, so nothing is recorded twice.
 */

/** An island element with the controls the visitor used before it hydrated, in order. */
export type EarlyIsland = HTMLElement & { early?: HTMLElement[] };

function hold(event: Event): void {
  const target = event.target as Element;
  // A click on a marked control, or the submit of a marked form (never a click that merely lands inside that form).
  const control =
    event.type === 'submit'
      ? target.matches('[data-early]')
        ? target
        : null
      : target.closest('[data-early]:not(form)');
  const island = control?.closest<EarlyIsland>('astro-island');
  if (!control || !island?.hasAttribute('ssr')) return;
  if (event.type === 'submit') event.preventDefault();
  (island.early ??= []).push(control as HTMLElement);
  island.setAttribute('aria-busy', 'true');
}

export function recordEarlyInput(): void {
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);
}
