import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { type SignupInput, signupSchema } from '../../shared/auth-schemas';
import { messages } from '../../shared/messages';
import { AuthCard } from '../features/auth/auth-card';
import { FormNotice, TextField } from '../components/form/text-field';
import { api } from '../lib/api';
import { authErrorText } from '../features/auth/auth-errors';

export function meta() {
  return [{ title: 'Sign up · AMA Metal & Wire Industries' }];
}

export default function SignupPage() {
  const [created, setCreated] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<SignupInput>({ resolver: zodResolver(signupSchema), defaultValues: { name: '', email: '', password: '', confirm: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await api('POST', '/api/auth/sign-up/email', { name: values.name, email: values.email, password: values.password, callbackURL: '/?auth=verified' });
      setCreated(values.email);
      form.reset();
    } catch (e) {
      setError(authErrorText(e));
    }
  });

  if (created) {
    return (
      <AuthCard title="Sign up">
        <FormNotice kind="success">
          <strong>{messages.userCreated}</strong>
          <span>{messages.pleaseVerify}</span>
          <span>
            We sent a link to <strong>{created}</strong>. Open it to finish; then you can log in.
          </span>
        </FormNotice>
        <Link to="/login" className="btn btn-primary">
          Go to login
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Sign up">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
        <TextField label="Name" autoComplete="name" registration={form.register('name')} error={errors.name} />
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" registration={form.register('email')} error={errors.email} />
        <TextField label="Password" type="password" autoComplete="new-password" registration={form.register('password')} error={errors.password} />
        <p className="-mt-2 text-xs text-muted">At least 8 characters, with an uppercase letter and one of ! @ # $ &amp; * /</p>
        <TextField label="Confirm password" type="password" autoComplete="new-password" registration={form.register('confirm')} error={errors.confirm} />
        <button type="submit" className="btn btn-primary mt-1" disabled={isSubmitting}>
          {isSubmitting ? <span className="loading loading-spinner loading-sm" /> : null}
          Sign up
        </button>
      </form>
      {error ? <FormNotice kind="error">{error}</FormNotice> : null}
      <p className="text-sm">
        Already have an account?{' '}
        <Link to="/login" className="link link-primary">
          Login
        </Link>
      </p>
    </AuthCard>
  );
}
