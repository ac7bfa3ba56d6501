export function meta() {
  return [{ title: 'Dashboard · AMA Metal & Wire Industries' }];
}

export default function DashboardPage() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold">Dashboard</h1>
    </main>
  );
}
