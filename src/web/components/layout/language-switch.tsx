import { languages } from '../../../shared/messages';
import { type Lang, setLanguage, useLanguage, useMessages } from '../../lib/i18n';
import { saveLanguage } from '../../lib/session';

/** English | বাংলা: switches in place; remembered on the account when signed in, in this browser always. */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const m = useMessages();
  const lang = useLanguage();
  const names: Record<Lang, string> = { en: m.english, bn: m.bangla };
  const choose = (next: Lang) => {
    if (next === lang) return;
    void setLanguage(next).then(() => saveLanguage(next));
  };
  return (
    <div role="group" aria-label={m.languageSwitch} className={`flex items-center text-sm ${className}`} data-testid="language-switch">
      {languages.map((l, i) => (
        <span key={l} className="flex items-center">
          {i > 0 ? (
            <span aria-hidden="true" className="px-1 opacity-50">
              |
            </span>
          ) : null}
          <button
            type="button"
            lang={l}
            aria-pressed={l === lang}
            className={`btn btn-ghost btn-xs px-1 ${l === lang ? 'font-bold underline' : 'font-normal'}`}
            onClick={() => choose(l)}
          >
            {names[l]}
          </button>
        </span>
      ))}
    </div>
  );
}
