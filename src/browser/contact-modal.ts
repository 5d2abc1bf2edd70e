/**
 * The contact modal: any `[data-open-contact]` button opens the `[data-contact-modal]` dialog as a modal (focus moves
 * in, the page behind is inert, Escape closes it natively). The close button and a click on the backdrop close it; on
 * close, focus goes back to the button that opened it.
 */
export function setupContactModal(): void {
  const dialog = document.querySelector<HTMLDialogElement>('[data-contact-modal]');
  if (!dialog) return;
  let opener: HTMLElement | null = null;

  document.addEventListener('click', (event) => {
    const trigger = (event.target as Element | null)?.closest<HTMLElement>('[data-open-contact]');
    if (!trigger || dialog.open) return;
    opener = trigger;
    dialog.showModal();
  });
  dialog.querySelector('[data-close-contact]')?.addEventListener('click', () => dialog.close());
  // The panel fills the dialog box, so a click whose target is the dialog itself landed on the backdrop.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener('close', () => {
    opener?.focus();
    opener = null;
  });
}
