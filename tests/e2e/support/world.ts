import { ADMIN_ACCOUNT } from '../../helpers/factories.ts';

// Facts shared by the browser tests and the server they run against.
/** The admin the e2e server makes with the CLI at start. */
export const E2E_ADMIN = ADMIN_ACCOUNT;

export function e2ePorts() {
  const port = Number(process.env.E2E_PORT ?? 3210);
  return { port, controlPort: port + 1 };
}
