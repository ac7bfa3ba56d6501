// What other features use of the shared statement: the ledger's panel, the due list's send and answer.
export { AnswerBadge, LanguagePick, SendDue, SharePanel } from './share';
export { shareTexts } from './texts';
