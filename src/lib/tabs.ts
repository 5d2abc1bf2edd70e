/**
 * Keyboard movement in a tab list (WAI-ARIA tabs): the arrow keys move to the next or previous tab, wrapping round;
 * Home and End go to the first and last. `withUpDown` also lets ArrowDown/ArrowUp move. Null: the key is not ours.
 */
export function tabKeyTarget(key: string, index: number, count: number, withUpDown = false): number | null {
  const last = count - 1;
  if (key === 'ArrowRight' || (withUpDown && key === 'ArrowDown')) return index === last ? 0 : index + 1;
  if (key === 'ArrowLeft' || (withUpDown && key === 'ArrowUp')) return index === 0 ? last : index - 1;
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  return null;
}
