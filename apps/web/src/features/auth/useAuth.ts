import { useAppSelector } from '../../lib/hooks';

export function useAuth() {
  return useAppSelector((s) => s.auth);
}
