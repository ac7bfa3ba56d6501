import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type LoginInput, loginSchema, resetRequestSchema } from '../../shared/auth-schemas';
import { tr, useMessages } from '../lib/i18n';
import { AuthCard } from '../features/auth/auth-card';
import { GoogleButton } from '../features/auth/google-button';
import { FormNotice, TextField } from '../components/form/text-field';
import { QueryProvider } from '../components/layout/query-provider';
import { ApiError } from '../lib/api';
import { errorText } from '../lib/error-text';
import { oauthErrorText, safeReturnPath } from '../features/auth/auth-errors';
import { notify } from '../lib/notify';
import { refreshSession, useSession } from '../lib/session';
import { requestPasswordReset, sendVerificationAgain, signInWithEmail } from '../lib/auth-actions';
import { landingFor } from '../lib/auth-arrival';
import { configQuery } from '../lib/config';
import { titleIn } from '../lib/title';
import { checkedBy, parsedBy } from '../lib/form-check';

export function meta() {
  return [{ title: titleIn('Login · AMA Metal & Wire Industries') }];
}

type Notice = { kind: 'error' | 'success' | 'info'; text: string; unverified?: boolean } | null;

export default function LoginPage() {
  return (
    <QueryProvider>
      <LoginForm />
    </QueryProvider>
  );
}

function LoginForm() {
  const m = useMessages();
  const [params] = useSearchParams();
  const from = safeReturnPath(params.get('from'));
  const navigate = useNavigate();
  const initial = oauthErrorText(params.get('error'));
  const [notice, setNotice] = useState<Notice>(
    initial ? { kind: 'error', text: initial } : params.get('reset') === 'done' ? { kind: 'success', text: m.passwordChanged } : null,
  );
  // Back from Google with no page to return to: on to where a password sign-in lands (the
  // arrival's "Signed In" is said by AuthArrivalNotice, which also tidies the address).
  const [fromGoogle] = useState(() => params.get('auth') === 'google' && !from);
  const session = useSession();
  useEffect(() => {
    if (fromGoogle && session.status === 'ready' && session.user) void navigate(landingFor(session.user), { replace: true });
  }, [fromGoogle, session, navigate]);
  const form = useForm<LoginInput>({ resolver: checkedBy(loginSchema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;
  const config = useQuery(configQuery);

  const onSubmit = form.handleSubmit(async (values) => {
    setNotice(null);
    try {
      await signInWithEmail(values.email, values.password);
      const user = await refreshSession();
      void notify('success', m.loggedIn);
      await navigate(from ?? landingFor(user), { replace: true });
    } catch (error) {
      const unverified = error instanceof ApiError && error.code === 'email_not_verified';
      setNotice({ kind: 'error', text: errorText(error), unverified });
    }
  });

  const resendVerification = async () => {
    try {
      await sendVerificationAgain(form.getValues('email'));
      setNotice({ kind: 'success', text: m.verificationResent });
    } catch (error) {
      setNotice({ kind: 'error', text: errorText(error) });
    }
  };

  const forgotPassword = async () => {
    const parsed = await parsedBy(resetRequestSchema, { email: form.getValues('email') });
    if (!parsed.success) {
      form.setError('email', { message: parsed.error.issues[0]?.message });
      return;
    }
    try {
      await requestPasswordReset(parsed.data.email);
      setNotice({ kind: 'success', text: m.resetSent });
    } catch (error) {
      setNotice({ kind: 'error', text: errorText(error) });
    }
  };

  return (
    <AuthCard title={m.login}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3" data-auth-form="login">
        <TextField label={m.email} type="email" autoComplete="email" inputMode="email" registration={form.register('email')} error={errors.email} />
        <TextField label={m.password} type="password" autoComplete="current-password" registration={form.register('password')} error={errors.password} />
        <button type="submit" className="btn btn-primary mt-1" disabled={isSubmitting}>
          {isSubmitting ? <span className="loading loading-spinner loading-sm" /> : null}
          {m.login}
        </button>
        <button type="button" className="btn btn-link btn-sm self-start px-0" onClick={forgotPassword} data-forgot="">
          {m.forgotPassword}
        </button>
      </form>
      {notice ? (
        <FormNotice kind={notice.kind}>
          <span>{tr(notice.text)}</span>
          {notice.unverified ? (
            <>
              <span>{m.pleaseVerify}</span>
              <button type="button" className="btn btn-sm btn-outline self-start" onClick={resendVerification}>
                {m.resendVerification}
              </button>
            </>
          ) : null}
        </FormNotice>
      ) : null}
      {/* Drawn hidden until the config says Google is on: the page served without React shows it then (auth-island.ts). */}
      <GoogleButton returnTo={from ?? '/login'} hidden={!config.data?.google} />
      <p className="text-sm">
        {m.noAccount}{' '}
        <Link to="/signup" className="link link-primary">
          {m.signUp}
        </Link>
      </p>
    </AuthCard>
  );
}
