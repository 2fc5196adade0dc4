/**
 * False while the server renders and while the island hydrates, true from the first render after
 * hydration. Islands use it to offer controls that need JavaScript only once they can work, so
 * the static HTML never holds a button that does nothing.
 */
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
