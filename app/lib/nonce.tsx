import { createContext, useContext } from 'react';

/**
 * The Content-Security-Policy nonce of the current response. Set by the server entry; in the
 * browser it is empty, which is what React expects when it hydrates the same scripts.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
