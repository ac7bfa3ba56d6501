import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// The browser's code in few files (decision 0015, "Budgets"): each file a first visit loads costs its
// own gzip overhead and imports, so the first signed-in screen's code comes in a handful of chunks:
// - `app`: Preact (React's API; below), React Router, TanStack Query, the shell (root, the signed-in
//   layout) and what the first screens (/cashIn, /dashboard) share;
// - `shared-screens`: what the entry screens share with the admin's (/addusers, /loggedInUsers);
// - `entry-screens`: the rest of the entry screens' code (Credit, Debit, Fire Count) but what
//   /dashboard needs.
// Route modules keep their own chunks (a later screen loads its own), and whatever is loaded on
// demand (the forms, the Bangla catalogue, the production report, printing) stays apart. More groups
// (the statements, the dashboard's own code) were tried: a group takes its modules' imports along,
// so the forms' chunk then loaded the dashboard's and the statements' chunks too.
type Graph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
const web = (f: string) => path.resolve(import.meta.dirname, 'src/web', f);
const framework = /[\\/]node_modules[\\/](react|react-dom|scheduler|preact|react-router|@tanstack[\\/][^\\/]+)[\\/]/;
const routeModule = /[\\/]src[\\/]web[\\/]routes[\\/]/;

/** Every module `roots` import statically, themselves included. */
function closure(graph: Graph, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...roots];
  while (todo.length) {
    const id = todo.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    todo.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

const without = (a: Set<string>, b: Set<string>) => new Set([...a].filter((m) => !b.has(m)));

let sets: Record<string, Set<string>> | null = null;
function groupSets(graph: Graph): Record<string, Set<string>> {
  if (sets) return sets;
  const cashIn = closure(graph, [web('routes/cash-in.tsx')]);
  // The dashboard with what its home shows on every first visit (the cheques due, a lazy part).
  const dashboard = closure(graph, [web('routes/dashboard.tsx'), web('features/accounts/cheques-due.tsx')]);
  const app = closure(graph, [web('root.tsx'), web('routes/acounts-area.tsx')]);
  for (const m of cashIn) if (dashboard.has(m)) app.add(m);
  const entryScreens = without(
    closure(
      graph,
      ['cash-in', 'cash-out', 'fire-count'].map((r) => web(`routes/${r}.tsx`)),
    ),
    dashboard,
  );
  const adminScreens = closure(graph, [web('routes/add-users.tsx'), web('routes/logged-in-users.tsx')]);
  sets = {
    app,
    // What the admin's screens share with the entry screens (a list, a dialog): its own chunk, so
    // /loggedInUsers does not load the entry screens' whole chunk for it.
    'shared-screens': new Set([...entryScreens].filter((m) => adminScreens.has(m))),
    // Not what /dashboard needs (it would then load the whole chunk).
    'entry-screens': entryScreens,
  };
  return sets;
}

/** One group per name, the first listed first (a module goes to the first group that has it). */
const groups = ['app', 'shared-screens', 'entry-screens'].map((name, i, all) => ({
  name: (id: string, graph: Graph) => {
    if (routeModule.test(id)) return null;
    if (name === 'app' && framework.test(id)) return name;
    return groupSets(graph)[name]?.has(id) ? name : null;
  },
  priority: all.length - i,
}));

// React Router's package points every condition at its development build (warnings and checks
// included); the browser's production build takes the production one, which the package ships
// beside it (about 4 KiB gzip less on every first visit).
const routerBuild = (f: string) => path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production', f);
const productionRouter = [
  { find: /^react-router$/, replacement: routerBuild('index.mjs') },
  { find: /^react-router\/dom$/, replacement: routerBuild('dom-export.mjs') },
];

// The browser's build runs the app on Preact's React-compatible runtime (decision 0049): about 57 KiB
// gzip less on every first visit, which keeps the screens with a form on the page within 150 KiB.
// The pages rendered at build time, Vite's development server and the unit tests stay on React;
// `import.meta.env.PREACT` marks what differs (root.tsx's Layout, entry.client.tsx).
const preact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^(react|react-dom)$/, replacement: 'preact/compat' },
];

export default defineConfig(({ command, isSsrBuild }) => {
  const browserBuild = command === 'build' && !isSsrBuild;
  return {
    plugins: [tailwindcss(), reactRouter()],
    resolve: { alias: browserBuild ? [...productionRouter, ...preact] : [] },
    define: { 'import.meta.env.PREACT': JSON.stringify(browserBuild) },
    // The owner's pictures live in content/images and are imported by the home page.
    server: { fs: { allow: ['.'] } },
    build: {
      assetsInlineLimit: 0,
      rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups } } },
    },
  };
});
