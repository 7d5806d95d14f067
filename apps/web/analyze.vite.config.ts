import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { mergeConfig, type Plugin } from 'vite';
import base from './vite.config';
import { execSync } from 'node:child_process';
const PURE = ['z', 'safeString', 'safeMultilineString', 'dateRule', 'numberField', ...execSync("grep -rhoE '\\b[a-z]\\w*Schema\\b' --include=*.ts ../../packages/contract/src | sort -u").toString().trim().split('\n')];
console.log(PURE.length, PURE.slice(0,8));

const analyze: Plugin = {
  name: 'analyze',
  generateBundle(_o, bundle) {
    const out: Record<string, { file: string; imports: string[]; dyn: string[]; gz: number; modules: [string, number, number][] }> = {};
    for (const [file, c] of Object.entries(bundle)) {
      if (c.type !== 'chunk') continue;
      out[file] = {
        file,
        imports: c.imports,
        dyn: c.dynamicImports,
        gz: gzipSync(c.code, { level: 9 }).length,
        modules: Object.entries(c.modules).map(([id, m]) => [id, m.renderedLength, m.code ? gzipSync(m.code, { level: 9 }).length : 0]),
      };
    }
    writeFileSync('/tmp/wt-bundle-analysis.json', JSON.stringify(out));
  },
};
export default mergeConfig(base, { plugins: [analyze], build: { outDir: '/tmp/wt-bundle-dist', emptyOutDir: true, rolldownOptions: { output: { manualChunks(id: string) { const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id); if (m && process.env.SPLIT) return 'pkg-' + m[1].replace('/', '_'); } } } } });
