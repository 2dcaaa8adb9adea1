import { useAppSelector } from '../../app/hooks';

export function useAuth() {
  return useAppSelector((s) => s.auth);
}
