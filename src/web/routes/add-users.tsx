export function meta() {
  return [{ title: 'Add Users · AMA Metal & Wire Industries' }];
}

export default function AddUsersPage() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold">Add Users</h1>
    </main>
  );
}
