// What the bench scripts share to start a server: a free port, the wait for its first answer, a sign-in.
import net from 'node:net';

/** A port the system says is free now (a guessed one once met another service on a CI machine). */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** Waits until `url` answers 200; fails at once, with its exit code, if `child` ends before. */
export async function waitFor(url, child) {
  let exited = null;
  child.once('exit', (code, signal) => (exited = signal ?? code));
  for (
    let i = 0;
    !(await fetch(url)
      .then((r) => r.ok)
      .catch(() => false));
    i++
  ) {
    if (exited !== null) throw new Error(`the process behind ${url} ended (${exited}) before it answered`);
    if (i > 600) throw new Error(`${url} did not answer in 60 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Signs `who` (email, password) in at `base`: the session cookie, and a reader of JSON answers. */
export async function signInAt(base, who) {
  const login = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(who),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const get = async (url) => {
    const res = await fetch(`${base}${url}`, { headers: { cookie } });
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    return res.json();
  };
  return { cookie, get };
}
