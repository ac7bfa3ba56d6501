// The roots of the query keys. Every query whose answer an entry can change (lists, statements,
// ledgers, the latest entries) has a key under `books`, so one invalidation after a save, void
// or sale refreshes them all, wherever they are built. Feature api.ts files build the full keys.
export const booksKey = ['books'] as const;
export const partnersKey = ['partners'] as const;
export const usersKey = ['loggedInUsers'] as const;
export const configKey = ['config'] as const;
// Account balances change with every entry: under `books`.
export const accountsKey = [...booksKey, 'accounts'] as const;
