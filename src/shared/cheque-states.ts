// A cheque's states and directions (docs/decisions/0035-cheques.md), without the schemas of
// cheques.ts: the dashboard's cheques due read them, and its first visit does not load zod for it.

export const chequeStates = ['in_hand', 'deposited', 'cleared', 'bounced', 'cancelled'] as const;
export type ChequeState = (typeof chequeStates)[number];
export const chequeDirections = ['received', 'issued'] as const;
export type ChequeDirection = (typeof chequeDirections)[number];
/** The states a cheque's money still waits in its holding account. */
export const openChequeStates: readonly ChequeState[] = ['in_hand', 'deposited'];
