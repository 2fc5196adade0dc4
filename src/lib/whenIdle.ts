/**
 * When an island with `client:idle={WHEN_IDLE}` hydrates: once the browser has an idle moment, and at the latest
 * this long after the page loaded. A busy phone may have no idle moment for many seconds (a browser test on a
 * loaded machine once waited more than 20); until it hydrates the page works as plain HTML, and what a visitor
 * types meanwhile is kept (src/islands/typedBeforeHydration.ts), but it should not wait on idleness forever.
 */
export const WHEN_IDLE = { timeout: 2000 };
