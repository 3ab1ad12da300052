// The request's CSP nonce for components that render inline scripts. Set by entry.server.tsx
// during the server render; in the browser there is none (scripts added after hydration are
// not parser-inserted inline scripts, and React leaves the server's attributes alone).
import { createContext, useContext } from 'react';

export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
