export function meta() {
  return [{ title: 'Debit · AMA Metal & Wire Industries' }];
}

export default function CashOutPage() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold">Debit</h1>
    </main>
  );
}
