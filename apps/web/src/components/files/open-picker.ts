// Space and Enter on a focused file input open its chooser, once, as on any button: Chrome opens
// it on Enter only (Space does nothing), its headless build and other browsers on one or both.
// The inputs are visually hidden, their label drawn as the button (file-picker.css), so the
// keyboard reaches the input itself: the documents' and the termination's picker, the message
// form, the claim's photos and constat.
import type { KeyboardEvent } from 'react';

export function openPickerOnKey(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key !== ' ' && event.key !== 'Enter') return;
  event.preventDefault();
  if (event.repeat) return; // a key held down opens it once
  const input = event.currentTarget;
  try {
    input.showPicker();
  } catch {
    input.click(); // a browser without showPicker, or one that refuses it here
  }
}
