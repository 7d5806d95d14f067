import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPickerOnKey } from './open-picker';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

/** A file input with the handler, its showPicker watched. */
function picker() {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  act(() => root.render(<input type="file" aria-label="Ajouter" onKeyDown={openPickerOnKey} />));
  cleanup = () => {
    act(() => root.unmount());
    host.remove();
  };
  const input = host.querySelector('input')!;
  const showPicker = vi.fn();
  input.showPicker = showPicker;
  const press = (key: string, repeat = false) =>
    !input.dispatchEvent(
      new KeyboardEvent('keydown', { key, repeat, bubbles: true, cancelable: true }),
    );
  return { input, showPicker, press };
}

describe('a file input from the keyboard', () => {
  it.each([' ', 'Enter'])('opens its chooser once on « %s », instead of the browser', (key) => {
    const { showPicker, press } = picker();
    // The default prevented: the browser does not open it a second time.
    expect(press(key)).toBe(true);
    expect(showPicker).toHaveBeenCalledTimes(1);
    press(key, true);
    expect(showPicker).toHaveBeenCalledTimes(1);
  });

  it('leaves every other key to the browser (Tab moves on)', () => {
    const { showPicker, press } = picker();
    expect(press('Tab')).toBe(false);
    expect(showPicker).not.toHaveBeenCalled();
  });

  it('clicks the input where showPicker is refused', () => {
    const { input, showPicker, press } = picker();
    showPicker.mockImplementation(() => {
      throw new DOMException('not allowed', 'NotAllowedError');
    });
    const click = vi.spyOn(input, 'click').mockImplementation(() => undefined);
    press(' ');
    expect(click).toHaveBeenCalledTimes(1);
  });
});
