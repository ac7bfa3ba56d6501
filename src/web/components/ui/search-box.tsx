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
  return (
    <label className={`input w-full sm:w-80 ${className}`}>
      <span className="sr-only">Search</span>
      <input type="search" placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}
