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

  it('issue 45: a tooltip whose control sits under the sticky header and at the right edge opens below and inside the window', () => {
    vi.useFakeTimers();
    const rect = (left: number, top: number, width: number, height: number) =>
      ({ left, top, width, height, right: left + width, bottom: top + height, x: left, y: top }) as DOMRect;
    // Laid out as a 1280 px window: the header's bottom at 64, the control at the top right (x 1200..1270).
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      if (this.matches('header.nav')) return rect(0, 0, 1280, 64);
      if (this.matches('.tooltip-wrap')) return rect(1200, 70, 70, 30);
      if (this.matches('[role=tooltip]')) return rect(0, 0, 260, 24);
      return rect(0, 0, 0, 0);
    });
    Object.defineProperty(window, 'innerWidth', { value: 1280, configurable: true });
    render(
      <>
        <header className="nav" />
        <Tooltip content="Run all tests and submit (Ctrl+Shift+Enter)">
          <button type="button">Submit Solution</button>
        </Tooltip>
      </>,
    );
    fireEvent.mouseEnter(
      screen.getByRole('button', { name: 'Submit Solution' }).parentElement as HTMLElement,
    );
    act(() => vi.advanceTimersByTime(TOOLTIP_OPEN_DELAY_MS));
    const tip = screen.getByRole('tooltip');
    expect(tip).toHaveAttribute('data-placement', 'below');
    // Centred it would end at 1235 + 130 = 1365 > 1280 - 8: it moves left by 93 px.
    expect(tip.style.transform).toBe('translateX(calc(-50% + -93px))');
    vi.restoreAllMocks();
  });
});
