import type { Lang } from '../../shared/messages';
import { rememberLanguage } from './lang-memory';

/**
 * English | বাংলা on a page served without React (`/`, `/login`, `/signup`): the choice is kept in
 * this browser, `before` runs (the account saves it, a form keeps what was typed), then the page
 * comes back from the server in the other language.
 */
export function switchByReload(pageLang: Lang, before: (next: Lang) => unknown = () => undefined): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-testid="language-switch"] button[lang]')) {
    button.addEventListener('click', async () => {
      const next: Lang = button.lang === 'bn' ? 'bn' : 'en';
      if (next === pageLang) return;
      rememberLanguage(next);
      await before(next);
      location.reload();
    });
  }
}
