import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Tooltip, TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './Tooltip';

afterEach(() => vi.useRealTimers());

describe('tooltip', () => {
  it('opens after 700 ms, and at once when another opens within the 300 ms skip window', () => {
    vi.useFakeTimers();
    render(
      <>
        <Tooltip content="First tip">
          <button type="button">One</button>
        </Tooltip>
        <Tooltip content="Second tip">
          <button type="button">Two</button>
        </Tooltip>
      </>,
    );
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'One' }).parentElement as HTMLElement);
    act(() => vi.advanceTimersByTime(TOOLTIP_OPEN_DELAY_MS - 1));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip')).toHaveTextContent('First tip');
    fireEvent.mouseLeave(screen.getByRole('button', { name: 'One' }).parentElement as HTMLElement);
    act(() => vi.advanceTimersByTime(TOOLTIP_SKIP_DELAY_MS - 100));
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Two' }).parentElement as HTMLElement);
    act(() => vi.advanceTimersByTime(0));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Second tip');
  });
});
