// The books' forms and what only they use (react-hook-form, the zod entry schemas), in one chunk
// (book-forms-*.js; tests/e2e/bundles.spec.ts looks for that name). Screens that show a form only
// in a pop-up load it through ./lazy-forms.tsx when it is first opened; /fireCount and /addusers,
// whose form is on screen at once, import it directly.
export { EntryForm } from './entry-form';
export { CorrectForm, LifecycleForm, VoidForm } from './action-forms';
export { PartnerForm } from '../partners';
