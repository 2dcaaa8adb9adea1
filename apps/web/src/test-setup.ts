import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library's automatic cleanup must be wired by hand.
// Drafts, the split width and the theme live in local storage: each test starts with none.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
