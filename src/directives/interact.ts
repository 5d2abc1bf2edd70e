/**
 * client:interact: hydrates an island only when the visitor reaches for it: focus, a press, a key or typing inside
 * the island's server-rendered HTML. Until then the page runs no framework code. A form inside the island never
 * leaves the page on submit (an Enter pressed while the island wakes does not reload it).
 */
import type { ClientDirective } from 'astro';

const WAKE_EVENTS = ['focusin', 'pointerdown', 'keydown', 'input'] as const;

const interact: ClientDirective = (load, _options, el) => {
  let woken = false;
  const wake = async () => {
    if (woken) return;
    woken = true;
    for (const type of WAKE_EVENTS) el.removeEventListener(type, wake);
    const hydrate = await load();
    await hydrate();
  };
  el.addEventListener('submit', (event) => event.preventDefault());
  for (const type of WAKE_EVENTS) el.addEventListener(type, wake, { passive: true });
  // Focus may have arrived before this script ran.
  if (document.activeElement && el.contains(document.activeElement)) void wake();
};

export default interact;
