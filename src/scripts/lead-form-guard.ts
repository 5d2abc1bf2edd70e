/**
 * Lead forms are React islands that hydrate when they scroll into view. A submit that comes before hydration (a fast
 * visitor, or a browser that is still loading the island) must not fall through to a native page submit: it is held
 * here and replayed by the island once it has hydrated (see src/islands/LeadForm.tsx).
 */
export const PENDING_ATTR = 'data-pending-submit';
export const READY_ATTR = 'data-ready';

export function setupLeadFormGuard(): void {
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-lead-form')) return;
      if (form.hasAttribute(READY_ATTR)) return;
      event.preventDefault();
      form.setAttribute(PENDING_ATTR, '');
    },
    true,
  );
}
