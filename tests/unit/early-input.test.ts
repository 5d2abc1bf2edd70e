// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { recordEarlyInput, type EarlyIsland } from '../../src/browser/early-input';

/** The recorder of src/browser/early-input.ts: what it holds, on which island, and what it leaves to React. */

beforeAll(() => recordEarlyInput());

function island(ssr: boolean): EarlyIsland {
  const element = document.createElement('astro-island') as EarlyIsland;
  if (ssr) element.setAttribute('ssr', '');
  element.innerHTML = `
    <div>
      <button type="button" data-early id="tab"><svg><path></path></svg></button>
      <button type="button" id="plain"></button>
      <form data-early id="marked"><button type="submit" id="send"></button></form>
      <form id="unmarked"></form>
    </div>`;
  document.body.replaceChildren(element);
  return element;
}

const $ = <T extends Element>(selector: string) => document.querySelector<T>(selector)!;

describe('recordEarlyInput', () => {
  it('queues clicks on marked controls of an island not yet hydrated, in order, and marks it busy', () => {
    const root = island(true);
    $('#tab path').dispatchEvent(new MouseEvent('click', { bubbles: true }));
    $<HTMLButtonElement>('#plain').click();
    $<HTMLButtonElement>('#tab').click();
    expect(root.early).toEqual([$('#tab'), $('#tab')]);
    expect(root.getAttribute('aria-busy')).toBe('true');
  });

  it('holds the submit of a marked form, not the click that caused it', () => {
    const root = island(true);
    let submit: Event | undefined;
    $('#marked').addEventListener('submit', (event) => (submit = event));
    $<HTMLButtonElement>('#send').click();
    expect(submit?.defaultPrevented).toBe(true);
    expect(root.early).toEqual([$('#marked')]);

    const other = new Event('submit', { bubbles: true, cancelable: true });
    $('#unmarked').dispatchEvent(other);
    expect(other.defaultPrevented).toBe(false);
  });

  it('leaves a hydrated island to React', () => {
    const root = island(false);
    $<HTMLButtonElement>('#tab').click();
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    $('#marked').dispatchEvent(submit);
    expect(root.early).toBeUndefined();
    expect(submit.defaultPrevented).toBe(false);
    expect(root.hasAttribute('aria-busy')).toBe(false);
  });
});
