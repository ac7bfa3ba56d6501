// Facts shared by the browser tests and the server they run against.
export const E2E_ADMIN = { email: 'owner@ama.test', password: 'Owner#2026', name: 'Owner Admin' };

export function e2ePorts() {
  const port = Number(process.env.E2E_PORT ?? 3210);
  return { port, controlPort: port + 1 };
}
