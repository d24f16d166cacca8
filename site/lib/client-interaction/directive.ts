/**
 * `client:interaction`: hydrates an island when the visitor starts using it — the pointer comes over
 * it, a finger touches it, keyboard focus enters it, or it is clicked — so a page downloads no
 * JavaScript before someone interacts (guide rule 7, decision 040).
 *
 * Until then the server-rendered HTML works on its own (forms post natively, links navigate). A
 * click on a control of the island that arrives while its code is loading (the tap that woke the
 * menu, Enter on a focused button, a click on a submit button) is held and replayed once the island
 * is hydrated, so the first tap does what the visitor meant. If hydration fails, the replayed click
 * falls back on the HTML's own behaviour (a form then posts without JavaScript). A button with
 * `popovertarget` is never held: the browser opens its popover at once, with or without the island.
 *
 * This file is bundled by Astro (esbuild) into a small inline script of each page that uses the
 * directive; the build hashes it for the Content-Security-Policy like every inline script.
 */
import type { ClientDirective } from 'astro';

/** Events that mean "the visitor is about to use this island". */
const WAKE_EVENTS = ['pointerover', 'focusin', 'touchstart', 'click'] as const;

/** Controls whose click has an effect the island implements: the ones worth holding and replaying. */
const CONTROL = 'button, summary, [role="button"], input[type="submit"], input[type="button"], input[type="image"]';

/** The way down from the island to `element` (child indexes), to find it again after hydration. */
function pathTo(island: HTMLElement, element: Element): number[] {
  const path: number[] = [];
  for (let node: Element | null = element; node && node !== island; node = node.parentElement) {
    if (!node.parentElement) return [];
    path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
  }
  return path;
}

function follow(island: HTMLElement, path: number[], tagName: string): HTMLElement | undefined {
  let node: Element | undefined = island;
  for (const index of path) node = node?.children[index];
  return node instanceof HTMLElement && node.tagName === tagName ? node : undefined;
}

const interactionDirective: ClientDirective = (load, _options, island) => {
  let held: { element: HTMLElement; path: number[]; tagName: string } | undefined;

  /** While the island's code loads, a click on one of its controls is kept for later. */
  function hold(event: Event) {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>(CONTROL) : null;
    if (!control || !island.contains(control)) return;
    // A popover button works without the island (the browser opens its popover): let the click through.
    if (control.hasAttribute('popovertarget')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = { element: control, path: pathTo(island, control), tagName: control.tagName };
  }

  async function wake(event: Event) {
    for (const type of WAKE_EVENTS) island.removeEventListener(type, wake, { capture: true });
    island.addEventListener('click', hold, { capture: true });
    // The click that woke the island is held like the ones that follow it.
    if (event.type === 'click') hold(event);
    try {
      const hydrate = await load();
      await hydrate();
    } finally {
      island.removeEventListener('click', hold, { capture: true });
      // Astro has handed the island to its framework: a click now reaches the component (React
      // hydrates the root synchronously on a click if its scheduled hydration has not run yet).
      if (held) {
        const target = held.element.isConnected ? held.element : follow(island, held.path, held.tagName);
        held = undefined;
        target?.click();
      }
    }
  }

  for (const type of WAKE_EVENTS) island.addEventListener(type, wake, { capture: true, passive: type !== 'click' });
};

export default interactionDirective;
