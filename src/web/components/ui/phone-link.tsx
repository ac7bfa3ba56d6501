/** A contact number a phone can call with one tap. */
export function PhoneLink({ number }: { number: string | null | undefined }) {
  const n = (number ?? '').trim();
  if (!n) return null;
  return (
    <a className="link whitespace-nowrap" href={`tel:${n.replace(/[^\d+]/g, '')}`}>
      {n}
    </a>
  );
}
