import type { ReactNode } from 'react';

export type BadgeVariant = 'default' | 'secondary' | 'destructive' | 'outline' | 'success' | 'warning';

export function Badge({ variant = 'default', children }: { variant?: BadgeVariant; children: ReactNode }) {
  return <span className={`badge badge-${variant}`}>{children}</span>;
}

/** Spec §2: easy default, medium secondary, hard destructive. */
export function difficultyVariant(difficulty: string): BadgeVariant {
  if (difficulty === 'hard') return 'destructive';
  if (difficulty === 'medium') return 'secondary';
  return 'default';
}

export function DifficultyBadge({ difficulty }: { difficulty: string }) {
  return <Badge variant={difficultyVariant(difficulty)}>{difficulty}</Badge>;
}
