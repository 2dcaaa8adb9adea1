import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HomePage } from './HomePage';

describe('HomePage', () => {
  it('names the product', () => {
    render(<HomePage />);
    expect(screen.getByRole('heading', { name: 'Javelin' })).toBeInTheDocument();
  });
});
