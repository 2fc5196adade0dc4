/** Adds the `client:afterload` directive (./directive.ts says what it does and why). */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';

export function afterLoad(): AstroIntegration {
  return {
    name: 'isa:client-afterload',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'afterload',
          entrypoint: fileURLToPath(new URL('./directive.ts', import.meta.url)),
        });
      },
    },
  };
}

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates once the page has loaded and the browser is idle (./directive.ts). */
    'client:afterload'?: boolean;
  }
}
