/**
 * Asks before an entry with unsaved changes is left. The admin's "Cancel Editing" button and its Escape key close the
 * editor at once; the admin keeps a backup of the draft in this browser and offers it again, but an editor who does
 * not expect that believes the change is gone. The admin enables its Save button only while there is something to
 * save, so that button says whether to ask.
 */
export const LEAVE_QUESTION =
  'Leave this entry without saving? Your changes are not saved yet. (This browser keeps a copy: opening the entry again offers to restore it.)';

/** The open editor's Save button, while an entry is open. */
function saveButton(doc: Document): HTMLButtonElement | undefined {
  const editor = doc.querySelector('[role="group"][aria-label="Content Editor"]');
  return [...(editor?.querySelectorAll('button') ?? [])].find((button) => button.textContent?.trim() === 'Save');
}

/** Whether the open entry has changes its Save button would save. */
export function hasUnsavedChanges(doc: Document = document): boolean {
  const save = saveButton(doc);
  return !!save && !save.disabled && save.getAttribute('aria-disabled') !== 'true';
}

/** Installs the question on "Cancel Editing", on Escape in the editor, and on leaving or reloading the page. */
export function guardUnsavedChanges(win: Window = window): void {
  const doc = win.document;
  const stay = (event: Event) => {
    if (!hasUnsavedChanges(doc) || win.confirm(LEAVE_QUESTION)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  doc.addEventListener(
    'click',
    (event) => {
      if ((event.target as Element | null)?.closest?.('button[aria-label="Cancel Editing"]')) stay(event);
    },
    true,
  );
  doc.addEventListener(
    'keydown',
    (event) => {
      // Escape inside one of the admin's own dialogs closes that dialog, not the entry.
      if (event.key === 'Escape' && !doc.querySelector('dialog[open]')) stay(event);
    },
    true,
  );
  win.addEventListener('beforeunload', (event) => {
    if (hasUnsavedChanges(doc)) event.preventDefault();
  });
}
