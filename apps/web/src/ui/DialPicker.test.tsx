// @vitest-environment jsdom
import { DIAL_PICKER } from '@orbit/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DialPicker } from './DialPicker';

const options = Array.from({ length: 30 }, (_, i) => ({ value: String(120 + i), label: `${120 + i} cm` }));

/** The dial as a form holds it: the value it reports becomes the value it shows. */
function Held({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState('125');
  const change = (next: string) => {
    setValue(next);
    onChange(next);
  };
  return <DialPicker label="Height" options={options} value={value} onChange={change} />;
}

function renderDial() {
  const onChange = vi.fn();
  render(<Held onChange={onChange} />);
  return { onChange, wheel: screen.getByRole('listbox', { name: 'Height' }) };
}

// jsdom has no PointerEvent: a mouse event carrying a pointer id stands in for it (clientY is what counts).
class PointerEventStandIn extends MouseEvent {
  readonly pointerId: number;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
  }
}
globalThis.PointerEvent ??= PointerEventStandIn as unknown as typeof PointerEvent;

/** Lets the wheel's animation frames run past the snap. */
const settle = () => act(() => vi.advanceTimersByTime(DIAL_PICKER.snapMs + 50));

describe('the dial picker', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('is a listbox naming the chosen item, with 40 px items', () => {
    const { wheel } = renderDial();
    const chosen = screen.getByRole('option', { selected: true });
    expect(chosen.textContent).toBe('125 cm');
    expect(wheel.getAttribute('aria-activedescendant')).toBe(chosen.id);
    expect(chosen.style.height).toBe('40px');
    expect(wheel.tabIndex).toBe(0);
  });

  it('moves with the arrows, Page Up/Down and Home/End, and reports where it settles', async () => {
    const { wheel, onChange } = renderDial();
    const press = async (key: string, expected: string) => {
      fireEvent.keyDown(wheel, { key });
      await settle();
      expect(onChange).toHaveBeenLastCalledWith(expected);
    };
    await press('ArrowDown', '126');
    await press('ArrowUp', '125');
    await press('PageDown', String(125 + DIAL_PICKER.visibleItems));
    await press('PageUp', '125');
    await press('End', '149');
    await press('Home', '120');
  });

  it('adds up keys pressed faster than the snap', async () => {
    const { wheel, onChange } = renderDial();
    fireEvent.keyDown(wheel, { key: 'PageDown' });
    fireEvent.keyDown(wheel, { key: 'ArrowDown' });
    await settle();
    expect(onChange).toHaveBeenCalledOnce();
    expect(onChange).toHaveBeenLastCalledWith(String(125 + DIAL_PICKER.visibleItems + 1));
  });

  it('ignores a press that moves less than the drag threshold, and picks the item tapped', async () => {
    const { wheel, onChange } = renderDial();
    // A tap one item below the middle (the window is 5 items high; the middle item spans 80..120 px).
    fireEvent.pointerDown(wheel, { clientY: 140, pointerId: 1 });
    fireEvent.pointerMove(wheel, { clientY: 142, pointerId: 1 });
    fireEvent.pointerUp(wheel, { clientY: 142, pointerId: 1 });
    await settle();
    expect(onChange).toHaveBeenLastCalledWith('126');
  });
});
