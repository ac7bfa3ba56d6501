export function meta() {
  return [{ title: 'Credit · AMA Metal & Wire Industries' }];
}

export default function CashInPage() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold">Credit</h1>
    </main>
  );
}
