// This answer's script nonce (ADR 030): the Worker makes one per request and names it in the content security policy;
// app/entry.server.tsx provides it to the document, whose inline scripts carry it. In the browser it is empty: browsers
// hide a nonce from the page, so the hydrated attributes match.
import { createContext, useContext } from "react";

const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
