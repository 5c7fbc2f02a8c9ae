import { useEffect, useRef } from 'react';
import { useRenderedAfterHydration } from './hydration.ts';

/**
 * Focuses an element (a summary of errors, a message) as it appears in a page that is already
 * running, so that it is read out first. In the server's HTML the element carries `autofocus`
 * instead, which browsers honour on load; hydrating that HTML moves nothing, so a customer who
 * has already moved on keeps their place. (React's own autoFocus only focuses form controls.)
 */
export function useFocusWhenShown<Element extends HTMLElement>() {
  const element = useRef<Element>(null);
  const shownAfterHydration = useRenderedAfterHydration();
  useEffect(() => {
    if (shownAfterHydration) element.current?.focus();
  }, [shownAfterHydration]);
  return element;
}
