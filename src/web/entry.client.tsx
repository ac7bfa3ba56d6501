import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { setLanguage } from './lib/i18n';
import { yieldToBrowser } from './lib/yield';

// React Router's client entry, with one step before it: a page the server sent in Bangla (the
// `lang` cookie: `<html lang="bn">`, __spa-fallback.bn.html, decision 0015 "The first paint") is
// drawn by React in Bangla from its first frame, so the Bangla catalogue is loaded first (the page
// asks for it with a modulepreload, so it arrives with the app's own scripts).
async function start() {
  // Offline without the catalogue kept: English, switched once it can be loaded.
  if (document.documentElement.lang === 'bn') await setLanguage('bn').catch(() => undefined);
  // Preact draws the route's title into the head itself (root.tsx's Layout): the written one goes.
  if (import.meta.env.PREACT) for (const title of document.head.querySelectorAll('title')) title.remove();
  // Preact draws in one task: the scripts' evaluation and the first drawing are two (lib/yield.ts).
  if (import.meta.env.PREACT) await yieldToBrowser();
  startTransition(hydrate);
}

// React Router's router suspends its first drawing until the page's state is read: React waits for
// it; Preact (the browser's build) throws the promise, and the page is hydrated once it settles,
// in a task of its own (the route's modules are evaluated in the one before).
function hydrate() {
  try {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  } catch (thrown) {
    if (!(thrown instanceof Promise)) throw thrown;
    void thrown.then(yieldToBrowser).then(hydrate);
  }
}

void start();
