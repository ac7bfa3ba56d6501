// Types of processes.mjs for the tests that use it.
import type { ChildProcess } from 'node:child_process';

export function freePort(): Promise<number>;
export function waitFor(url: string, child: ChildProcess): Promise<void>;
export function signInAt(base: string, who: { email: string; password: string }): Promise<{ cookie: string; get(url: string): Promise<unknown> }>;
