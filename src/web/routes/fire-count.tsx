export function meta() {
  return [{ title: 'Fire Count · AMA Metal & Wire Industries' }];
}

export default function FireCountPage() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold">Fire Count</h1>
    </main>
  );
}
