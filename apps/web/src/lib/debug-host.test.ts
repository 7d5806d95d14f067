import { describe, expect, it } from 'vitest';
import { isDebugHost } from './debug-host';

describe('debug aid hosts (docs/product/README.md)', () => {
  it('loads the debug aid only on localhost and brand hosts', () => {
    expect(isDebugHost('localhost')).toBe(true);
    expect(isDebugHost('recette.lumen-assurance.fr')).toBe(true);
    expect(isDebugHost('espace.vireo.example')).toBe(true);
    expect(isDebugHost('espace-assure.example.fr')).toBe(false);
  });
});
