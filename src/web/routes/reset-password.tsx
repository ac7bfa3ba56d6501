import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { resetPasswordSchema } from '../../shared/auth-schemas';
import { tr, useMessages } from '../lib/i18n';
import { AuthCard } from '../features/auth/auth-card';
import { FormNotice, TextField } from '../components/form/text-field';
import { api } from '../lib/api';
import { errorText } from '../lib/error-text';
import { titleIn } from '../lib/title';
import { checkedBy } from '../lib/form-check';

export function meta() {
  return [{ title: titleIn('Set a new password · AMA Metal & Wire Industries') }];
}

export default function ResetPasswordPage() {
  const m = useMessages();
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(params.get('error') || !token ? m.resetInvalid : null);
  const form = useForm<z.infer<typeof resetPasswordSchema>>({ resolver: checkedBy(resetPasswordSchema), defaultValues: { password: '', confirm: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await api('POST', '/api/auth/reset-password', { token, newPassword: values.password });
      await navigate('/login?reset=done', { replace: true });
    } catch (e) {
      setError(errorText(e));
    }
  });

  return (
    <AuthCard title={m.setNewPassword}>
      {token ? (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
          <TextField label={m.newPassword} type="password" autoComplete="new-password" registration={form.register('password')} error={errors.password} />
          <TextField label={m.confirmPassword} type="password" autoComplete="new-password" registration={form.register('confirm')} error={errors.confirm} />
          <button type="submit" className="btn btn-primary mt-1" disabled={isSubmitting}>
            {m.saveNewPassword}
          </button>
        </form>
      ) : null}
      {error ? <FormNotice kind="error">{tr(error)}</FormNotice> : null}
      <Link to="/login" className="link link-primary text-sm">
        {m.backToLogin}
      </Link>
    </AuthCard>
  );
}
