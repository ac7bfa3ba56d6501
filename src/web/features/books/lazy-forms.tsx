import { Component, type ComponentProps, type ReactNode, Suspense, lazy, useEffect, useState } from 'react';
import type * as Forms from './book-forms';
import { useMessages } from '../../lib/i18n';
import { reloadIfOldRelease } from '../../lib/stale-release';

// The entry and partner forms, and the forms of an entry's actions (Correct, Void, End Time / Sell),
// loaded on first use (QUALITY.md P5): screens show them only in a pop-up after a click, so their
// code stays out of the screens' first load.
let loading: Promise<typeof Forms> | null = null;

/** The forms' code did not arrive (offline, or a new release replaced the file). */
class FormsNotLoaded extends Error {}

/** Starts loading the forms' chunk, once; a failed load is tried again next time. */
export function preloadBookForms(): Promise<typeof Forms> {
  loading ??= import('./book-forms').catch((error: unknown) => {
    loading = null;
    throw new FormsNotLoaded(String(error));
  });
  return loading;
}

/** For a button that opens a form: pointing at or focusing it starts the load before the click. */
export const preloadOnApproach = {
  onPointerEnter: () => void preloadBookForms().catch(() => undefined),
  onFocus: () => void preloadBookForms().catch(() => undefined),
};

// React keeps a lazy component's failure for good, so a retry makes new ones.
const lazyForms = () => ({
  EntryForm: lazy(() => preloadBookForms().then((m) => ({ default: m.EntryForm }))),
  PartnerForm: lazy(() => preloadBookForms().then((m) => ({ default: m.PartnerForm }))),
  CorrectForm: lazy(() => preloadBookForms().then((m) => ({ default: m.CorrectForm }))),
  VoidForm: lazy(() => preloadBookForms().then((m) => ({ default: m.VoidForm }))),
  LifecycleForm: lazy(() => preloadBookForms().then((m) => ({ default: m.LifecycleForm }))),
});
let forms = lazyForms();

/** Shows a failed load with a way to try again; any other error goes on to the page's error screen. */
class LoadFailed extends Component<{ children: ReactNode; onRetry: () => void }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    if (!(this.state.error instanceof FormsNotLoaded)) throw this.state.error;
    return <FormsNotLoadedNote error={this.state.error} onRetry={this.props.onRetry} />;
  }
}

function FormsNotLoadedNote({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const m = useMessages();
  // Asked for, and the server answers for it without a script: this page is a release the server
  // no longer serves. It reloads once onto the new one (nothing is typed yet: the form never opened).
  useEffect(() => void reloadIfOldRelease(error), [error]);
  return (
    <div className="flex min-h-40 flex-col items-center justify-center gap-3" role="alert">
      <p>{m.formNotLoaded}</p>
      <button type="button" className="btn btn-outline btn-sm" onClick={onRetry}>
        {m.tryAgain}
      </button>
    </div>
  );
}

function LoadingForm() {
  const m = useMessages();
  return (
    <div className="flex min-h-40 items-center justify-center" role="status" aria-label={m.loadingForm}>
      <span className="loading loading-spinner loading-md text-primary" />
    </div>
  );
}

/**
 * The form `show` picks, with a loading state in its place until its code is here. `keep`: the
 * form's height (Tailwind min-h classes, phone and from 640 px) for a form shown on the page itself,
 * kept while its code arrives, so what is below it does not move (no layout shift).
 */
function Loaded({ show, keep }: { show: (loaded: typeof forms) => ReactNode; keep?: string | undefined }) {
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    forms = lazyForms();
    setAttempt(attempt + 1);
  };
  const form = (
    <LoadFailed key={attempt} onRetry={retry}>
      <Suspense fallback={<LoadingForm />}>{show(forms)}</Suspense>
    </LoadFailed>
  );
  return keep ? <div className={keep}>{form}</div> : form;
}

/** Where a form on the page keeps its height while its code arrives (see Loaded). */
interface Kept {
  keep?: string;
}

export const EntryForm = ({ keep, ...props }: ComponentProps<typeof Forms.EntryForm> & Kept) => <Loaded keep={keep} show={(f) => <f.EntryForm {...props} />} />;
export const PartnerForm = ({ keep, ...props }: ComponentProps<typeof Forms.PartnerForm> & Kept) => (
  <Loaded keep={keep} show={(f) => <f.PartnerForm {...props} />} />
);
export const CorrectForm = (props: ComponentProps<typeof Forms.CorrectForm>) => <Loaded show={(f) => <f.CorrectForm {...props} />} />;
export const VoidForm = (props: ComponentProps<typeof Forms.VoidForm>) => <Loaded show={(f) => <f.VoidForm {...props} />} />;
export const LifecycleForm = (props: ComponentProps<typeof Forms.LifecycleForm>) => <Loaded show={(f) => <f.LifecycleForm {...props} />} />;
