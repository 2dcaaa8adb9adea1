import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MarkdownText } from './MarkdownText';

describe('MarkdownText', () => {
  it('renders headings, lists, code and inline emphasis as elements, never as HTML', () => {
    const { container } = render(
      <MarkdownText
        source={
          '## Summary\n\nTime **O(n)** for `solve()`.\n\n- one\n- two\n\n1. first\n\n```\nint x = 1;\n```\n\n<img src=x onerror=alert(1)>'
        }
      />,
    );
    expect(screen.getByRole('heading', { name: 'Summary' })).toBeInTheDocument();
    expect(screen.getByText('O(n)').tagName).toBe('STRONG');
    expect(screen.getByText('solve()').tagName).toBe('CODE');
    expect(screen.getAllByRole('list')).toHaveLength(2);
    expect(screen.getByText('int x = 1;').tagName).toBe('PRE');
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
  });
});
