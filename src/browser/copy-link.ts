/**
 * The "Copy link" button under a post: shown only where the clipboard can be written (so never without JavaScript),
 * it copies the post's URL and says so in the status line next to it.
 */
for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-copy-link]')) {
  const item = button.closest<HTMLElement>('[data-copy-link-item]');
  const status = button.closest('section')?.querySelector<HTMLElement>('[data-copy-link-status]');
  if (!navigator.clipboard || !item) continue;
  item.hidden = false;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(button.dataset.copyLink ?? location.href);
      if (status) status.textContent = button.dataset.copiedLabel ?? '';
    } catch (error) {
      console.error('Could not copy the link', error);
    }
  };
  // copy() reports its own failure: nothing of it is left unhandled.
  button.addEventListener('click', () => void copy());
}
