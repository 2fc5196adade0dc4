/**
 * `client:afterload`: an island hydrates once the page has loaded (its pictures on the first screen
 * included) and the browser is then idle. For the islands at the top of a page whose largest paint
 * is a picture (the event galleries, the events browser, search): with `client:idle` their code
 * (React's 57 KB among it) could be fetched beside that picture on a slow phone and hold its paint
 * back; now it follows it. What a visitor can tap before works as it will after: a tap on a photo
 * is kept and replayed (src/components/layout/EarlyTaps.astro), a form is sent as a plain form.
 */
import type { ClientDirective } from 'astro';

const afterLoad: ClientDirective = (load) => {
  const hydrate = async () => {
    const run = await load();
    await run();
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => void hydrate());
    else setTimeout(() => void hydrate(), 200);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
};

export default afterLoad;
