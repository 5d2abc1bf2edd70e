/** Header behaviour: desktop menus, the compact state on scroll, and the mobile sheet. No framework. */
import { HEADER_SCROLL_THRESHOLD_PX } from '../lib/timings';

function setupDesktopMenus(header: HTMLElement): void {
  const groups = [...header.querySelectorAll<HTMLElement>('[data-nav-group]')];

  const setOpen = (group: HTMLElement, open: boolean) => {
    const trigger = group.querySelector<HTMLButtonElement>('[data-nav-trigger]');
    group.toggleAttribute('data-open', open);
    trigger?.setAttribute('aria-expanded', String(open));
  };
  const closeOthers = (except?: HTMLElement) => groups.forEach((g) => g !== except && setOpen(g, false));

  document.addEventListener('click', (event) => {
    if (!groups.some((g) => g.contains(event.target as Node))) closeOthers();
  });

  for (const group of groups) {
    const trigger = group.querySelector<HTMLButtonElement>('[data-nav-trigger]');
    if (!trigger) continue;
    group.addEventListener('mouseenter', () => {
      closeOthers(group);
      setOpen(group, true);
    });
    group.addEventListener('mouseleave', () => setOpen(group, false));
    trigger.addEventListener('focus', () => {
      // Keyboard focus opens the menu; a mouse press is handled by hover and click.
      if (!trigger.matches(':focus-visible')) return;
      closeOthers(group);
      setOpen(group, true);
    });
    trigger.addEventListener('click', (event) => {
      // Enter and Space arrive as clicks with detail 0 and toggle; a pointer click on a hovered menu keeps it open.
      const open = event.detail === 0 ? !group.hasAttribute('data-open') : true;
      closeOthers(group);
      setOpen(group, open);
    });
    group.addEventListener('focusout', (event) => {
      if (!group.contains(event.relatedTarget as Node | null)) setOpen(group, false);
    });
    group.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && group.hasAttribute('data-open')) {
        setOpen(group, false);
        trigger.focus({ preventScroll: true });
        // Focusing the trigger would reopen the menu: keep it closed until the next focus or click.
        setOpen(group, false);
      }
    });
  }
}

function setupScrollState(header: HTMLElement): void {
  let ticking = false;
  const update = () => {
    header.toggleAttribute('data-scrolled', window.scrollY > HEADER_SCROLL_THRESHOLD_PX);
    ticking = false;
  };
  window.addEventListener(
    'scroll',
    () => {
      if (!ticking) {
        ticking = true;
        requestAnimationFrame(update);
      }
    },
    { passive: true },
  );
  update();
}

function setupMobileSheet(header: HTMLElement): void {
  const sheet = header.querySelector<HTMLDialogElement>('[data-mobile-sheet]');
  const opener = header.querySelector<HTMLButtonElement>('[data-sheet-open]');
  if (!sheet || !opener) return;
  const supportsCommands = 'commandForElement' in HTMLButtonElement.prototype;

  if (!supportsCommands) {
    opener.addEventListener('click', () => sheet.showModal());
    sheet
      .querySelectorAll('[data-sheet-close]')
      .forEach((button) => button.addEventListener('click', () => sheet.close()));
  }
  // A click on the dialog box itself (not its content) is a click on the backdrop.
  sheet.addEventListener('click', (event) => {
    if (event.target === sheet) sheet.close();
  });
  sheet.addEventListener('toggle', () => opener.setAttribute('aria-expanded', String(sheet.open)));
  sheet.addEventListener('close', () => opener.focus());
}

export function setupHeader(): void {
  const header = document.querySelector<HTMLElement>('[data-site-header]');
  if (!header) return;
  setupDesktopMenus(header);
  setupScrollState(header);
  setupMobileSheet(header);
}
