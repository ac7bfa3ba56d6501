import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { type SignupInput, signupSchema } from '../../shared/auth-schemas';
import { currentLanguage, tr, useMessages } from '../lib/i18n';
import { signUpWithEmail } from '../lib/auth-actions';
import { AuthCard } from '../features/auth/auth-card';
import { FormNotice, TextField } from '../components/form/text-field';
import { errorText } from '../lib/error-text';
import { titleIn } from '../lib/title';
import { checkedBy } from '../lib/form-check';

export function meta() {
  return [{ title: titleIn('Sign up · AMA Metal & Wire Industries') }];
}

export default function SignupPage() {
  const m = useMessages();
  const [created, setCreated] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<SignupInput>({ resolver: checkedBy(signupSchema), defaultValues: { name: '', email: '', password: '', confirm: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await signUpWithEmail(values, currentLanguage());
      setCreated(values.email);
      form.reset();
    } catch (e) {
      setError(errorText(e));
    }
  });

  if (created) {
    return (
      <AuthCard title={m.signUp}>
        <FormNotice kind="success">
          <strong>{m.userCreated}</strong>
          <span>{m.pleaseVerify}</span>
          <span>
            {m.sentLinkTo} <strong>{created}</strong>
            {m.sentLinkAfter}
          </span>
        </FormNotice>
        <Link to="/login" className="btn btn-primary">
          {m.goToLogin}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={m.signUp}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3" data-auth-form="signup">
        <TextField label={m.name} autoComplete="name" registration={form.register('name')} error={errors.name} />
        <TextField label={m.email} type="email" autoComplete="email" inputMode="email" registration={form.register('email')} error={errors.email} />
        <TextField label={m.password} type="password" autoComplete="new-password" registration={form.register('password')} error={errors.password} />
        <p className="-mt-2 text-xs text-muted">{m.passwordHint}</p>
        <TextField label={m.confirmPassword} type="password" autoComplete="new-password" registration={form.register('confirm')} error={errors.confirm} />
        <button type="submit" className="btn btn-primary mt-1" disabled={isSubmitting}>
          {isSubmitting ? <span className="loading loading-spinner loading-sm" /> : null}
          {m.signUp}
        </button>
      </form>
      {error ? <FormNotice kind="error">{tr(error)}</FormNotice> : null}
      <p className="text-sm">
        {m.haveAccount}{' '}
        <Link to="/login" className="link link-primary">
          {m.login}
        </Link>
      </p>
    </AuthCard>
  );
}
