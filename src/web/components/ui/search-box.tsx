import { tr, useMessages } from '../../lib/i18n';

/** The list pages' search field. */
export function SearchBox({
  value,
  onChange,
  placeholder,
  className = 'mt-4',
}: {
  value: string;
  onChange: (v: string) => void;
  placeholder: string;
  className?: string;
}) {
  const m = useMessages();
  return (
    <label className={`input w-full sm:w-80 ${className}`}>
      <span className="sr-only">{m.search}</span>
      <input type="search" placeholder={tr(placeholder)} value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}
