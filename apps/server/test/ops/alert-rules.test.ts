// The alert rules, the example Prometheus configuration and the Grafana dashboard shipped in ops/
// (docs/operations.md « Metrics, traces and alerts »): promtool (Debian's `prometheus` package,
// installed by the test when the machine lets it, else skipped with a message) checks the rules
// and the configuration, and runs the rules' unit tests (ops/prometheus/alerts.test.yml: failing
// webhooks raise the backlog and the failure counter, and the alerts fire; so do the others, and
// not on what is no fault, such as a quiet night's few sign-ins and their deliberate cost). Every series the rules and the dashboard read is one the server
// declares, so a renamed metric fails here rather than in production.
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { debianTool } from '../support/debian-tool';

const repo = path.resolve(import.meta.dirname, '../../../..');
const ops = (...parts: string[]) => path.join(repo, 'ops', ...parts);
const run = promisify(execFile);
const promtool = debianTool('promtool', 'prometheus');

/** The metric names the server's sources declare (`name: 'espace_…'`). */
async function declaredNames(): Promise<Set<string>> {
  const names = new Set<string>();
  const sources = path.join(repo, 'apps/server/src');
  for (const file of await readdir(sources, { recursive: true })) {
    if (!file.endsWith('.ts')) continue;
    const text = await readFile(path.join(sources, file), 'utf8');
    for (const [, name] of text.matchAll(/name: '(espace_\w+)'/g)) names.add(name!);
  }
  return names;
}

/** A histogram's or a counter's series, by the name it was declared with. */
const base = (series: string) => series.replace(/_(bucket|count|sum)$/, '');

describe('alert rules and dashboard', () => {
  it.skipIf('missing' in promtool)(
    'pass promtool check and their unit tests',
    { timeout: 60_000 },
    async () => {
      if (!('path' in promtool)) return;
      const checked = await run(promtool.path, ['check', 'rules', ops('prometheus/alerts.yml')]);
      expect(checked.stdout).toContain('SUCCESS: 9 rules found');
      const config = await run(promtool.path, [
        'check',
        'config',
        ops('prometheus/prometheus.yml'),
      ]);
      expect(config.stdout).toContain('is valid prometheus config file syntax');
      const tested = await run(promtool.path, ['test', 'rules', ops('prometheus/alerts.test.yml')]);
      expect(tested.stdout).toContain('SUCCESS');
      expect(tested.stdout).not.toContain('FAILED');
    },
  );
  if ('missing' in promtool) console.warn(promtool.missing);

  it('read only series the server declares, and every alert has its runbook', async () => {
    const declared = await declaredNames();
    const rules = await readFile(ops('prometheus/alerts.yml'), 'utf8');
    const dashboard = JSON.parse(await readFile(ops('grafana/espace-assure.json'), 'utf8')) as {
      panels: { title: string; targets: { expr: string }[] }[];
    };
    const exprs = [rules, ...dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr))];
    const used = new Set(
      exprs.flatMap((e) => [...e.matchAll(/\b(espace_\w+)/g)].map((m) => m[1]!)),
    );
    expect(used.size).toBeGreaterThan(8);
    for (const series of used) expect(declared, series).toContain(base(series));
    // Every declared series is on the dashboard.
    for (const name of declared) expect([...used].map(base), name).toContain(name);

    const operations = await readFile(path.join(repo, 'docs/operations.md'), 'utf8');
    const alerts = [...rules.matchAll(/- alert: (\w+)/g)].map((m) => m[1]!);
    expect(alerts).toHaveLength(9);
    for (const alert of alerts) {
      expect(rules).toContain(`runbook: docs/operations.md#${alert.toLowerCase()}`);
      expect(operations, alert).toContain(`#### ${alert}`);
    }
  });
});
