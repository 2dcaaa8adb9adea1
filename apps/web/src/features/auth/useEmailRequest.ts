import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api';

/**
 * State of a one-field "send me a mail" form (forgot password, resend verification): the email is
 * required, the request is sent once per submit, and a failure shows the server's error or `fallback`.
 */
export function useEmailRequest(
  send: (body: { email: string }) => { unwrap(): Promise<unknown> },
  fallback: string,
) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!email.trim()) {
      setError('Email is required');
      return;
    }
    try {
      await send({ email: email.trim() }).unwrap();
      setSent(true);
    } catch (err) {
      setError(errorMessage(err, fallback));
    }
  };

  return { email, setEmail, error, setError, sent, submit };
}
