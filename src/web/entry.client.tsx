import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { setLanguage } from './lib/i18n';

// React Router's client entry, with one step before it: a page the server sent in Bangla (the
// `lang` cookie: `<html lang="bn">`, __spa-fallback.bn.html, decision 0015 "The first paint") is
// drawn by React in Bangla from its first frame, so the Bangla catalogue is loaded first (the page
// asks for it with a modulepreload, so it arrives with the app's own scripts).
async function start() {
  // Offline without the catalogue kept: English, switched once it can be loaded.
  if (document.documentElement.lang === 'bn') await setLanguage('bn').catch(() => undefined);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

void start();
