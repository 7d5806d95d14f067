// A run drops the databases a killed run left (template.ts): its template and its files' copies,
// dated by their names. Databases named otherwise, such as the process tests' own, which another
// run beside this one may be using, are never taken for a killed run's.
import { describe, expect, it } from 'vitest';
import { runStartOf, templateName, testDatabaseName } from './template';

describe('the databases a run names', () => {
  it('are dated by their run: its template and its files’ copies', () => {
    const before = Date.now();
    const template = templateName();
    const started = runStartOf(template)!;
    expect(started).toBeGreaterThanOrEqual(before);
    expect(started).toBeLessThanOrEqual(Date.now());
    expect(runStartOf(testDatabaseName(template, 'e437044204e6'))).toBe(started);
  });

  it('leaves undated what the process tests and older runs named', () => {
    for (const name of [
      'espace_test_lb_0a1b2c3d4e',
      'espace_test_two_0a1b2c3d4e',
      'espace_test_conn_0a1b2c3d4e',
      'espace_test_start_0a1b2c3d4e',
      'espace_test_7bd5c9341f19',
      'espace_template_x',
    ])
      expect(runStartOf(name), name).toBeUndefined();
  });
});
