import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// The layer rules of eslint.config.mjs, tried on small made-up files at paths inside the repository.
// ESLint loads its config with import(), which jest's module sandbox refuses, so the ESLint Node API
// runs in a child node process; imported targets must exist, since the boundary rule resolves them.
const ROOT = path.resolve(__dirname, '../..');

interface Probe {
  filePath: string;
  code: string;
}

const LINT_TEXT = `
import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
const eslint = new ESLint();
const results = [];
for (const probe of JSON.parse(readFileSync(0, 'utf8'))) {
  const [result] = await eslint.lintText(probe.code, { filePath: probe.filePath });
  results.push(result.messages.map((m) => (m.ruleId ?? 'fatal') + ': ' + m.message));
}
process.stdout.write(JSON.stringify(results));
`;

function lint(probes: Probe[]): string[][] {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', LINT_TEXT], { cwd: ROOT, input: JSON.stringify(probes), encoding: 'utf8' });
  return JSON.parse(out) as string[][];
}

/** Two page folders, each with a component file to import. */
function twoPages(): [string, string, string] {
  const dir = path.join(ROOT, 'src/pages');
  const withComponent = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({ page: entry.name, file: readdirSync(path.join(dir, entry.name)).find((f) => f.endsWith('.tsx')) }))
    .filter((p): p is { page: string; file: string } => p.file !== undefined);
  const [a, b] = withComponent;
  return [a!.page, b!.page, b!.file.replace(/\.tsx$/, '')];
}

describe('the lint rules keep the layers apart', () => {
  const [pageA, pageB, componentB] = twoPages();
  const cases: { name: string; probe: Probe; rule: string }[] = [
    { name: 'a routes file importing kysely', probe: { filePath: 'server/src/flights/routes.ts', code: "import { sql } from 'kysely';\nexport const raw = sql;\n" }, rule: 'no-restricted-imports' },
    { name: 'a routes file reaching for the database handle', probe: { filePath: 'server/src/flights/routes.ts', code: "import type { Services } from '../services-types';\nexport const list = (services: Services) => services.database.db.selectFrom('flights');\n" }, rule: 'no-restricted-syntax' },
    { name: 'a routes file destructuring the database handle', probe: { filePath: 'server/src/uploads/routes.ts', code: "import type { Services } from '../services-types';\nexport const handle = ({ database }: Services) => database;\n" }, rule: 'no-restricted-syntax' },
    { name: 'a routes file importing a type from db/', probe: { filePath: 'server/src/statistics/routes.ts', code: "import type { Db } from '../db';\nexport type Handle = Db;\n" }, rule: 'import/no-restricted-paths' },
    { name: 'analysis/ importing the database module', probe: { filePath: 'server/src/analysis/lint-probe.ts', code: "import { openDatabase } from '../db';\nexport const open = openDatabase;\n" }, rule: 'import/no-restricted-paths' },
    { name: 'analysis/ importing the server config', probe: { filePath: 'server/src/analysis/lint-probe.ts', code: "import type { Config } from '../config';\nexport type C = Config;\n" }, rule: 'import/no-restricted-paths' },
    { name: 'an area importing the composition root', probe: { filePath: 'server/src/flights/routes.ts', code: "import type { Services } from '../services';\nexport type S = Services;\n" }, rule: 'import/no-restricted-paths' },
    { name: "an area importing another area's inner file", probe: { filePath: 'server/src/statistics/lint-probe.ts', code: "import { countedFlights } from '../flights/repository';\nexport const c = countedFlights;\n" }, rule: 'import/no-restricted-paths' },
    { name: "an area importing another area's face", probe: { filePath: 'server/src/statistics/lint-probe.ts', code: "import { countedFlights } from '../flights';\nexport const c = countedFlights;\n" }, rule: 'allowed' },
    { name: 'a page importing another page', probe: { filePath: `src/pages/${pageA}/LintProbe.tsx`, code: `import Other from '../${pageB}/${componentB}';\nexport const other = Other;\n` }, rule: 'import/no-restricted-paths' },
    { name: 'the app importing server code', probe: { filePath: 'src/lint-probe.ts', code: "import { loadConfig } from '../server/src/config';\nexport const load = loadConfig;\n" }, rule: 'import/no-restricted-paths' },
    { name: 'a component importing the API', probe: { filePath: 'src/components/map/LintProbe.tsx', code: "import { useConfigQuery } from '../../api/auth';\nexport const config = useConfigQuery;\n" }, rule: 'import/no-restricted-paths' },
    { name: 'a component importing the store hooks', probe: { filePath: 'src/components/LintProbe.tsx', code: "import { useAppSelector } from '../app/hooks';\nexport const select = useAppSelector;\n" }, rule: 'import/no-restricted-paths' },
    { name: 'a component importing the store', probe: { filePath: 'src/components/LintProbe.tsx', code: "import type { RootState } from '../app/store';\nexport type State = RootState;\n" }, rule: 'import/no-restricted-paths' },
    { name: 'a component importing a feature', probe: { filePath: 'src/components/LintProbe.tsx', code: "import { signedOut } from '../features/auth/authSlice';\nexport const out = signedOut;\n" }, rule: 'import/no-restricted-paths' },
    { name: 'a feature importing the API, the store hooks and a component', probe: { filePath: 'src/features/auth/LintProbe.tsx', code: "import { useConfigQuery } from '../../api/auth';\nimport { useAppSelector } from '../../app/hooks';\nimport { Modal } from '../../components/Modal';\nexport const all = [useConfigQuery, useAppSelector, Modal];\n" }, rule: 'allowed' },
    { name: 'a component importing formatters, routes and other components', probe: { filePath: 'src/components/LintProbe.tsx', code: "import { errorMessage } from '../format/error-message';\nimport { paths } from '../app/paths';\nimport { Modal } from './Modal';\nexport const all = [errorMessage, paths, Modal];\n" }, rule: 'allowed' },
    { name: 'analysis/ importing the contract and its own modules', probe: { filePath: 'server/src/analysis/lint-probe.ts', code: "import { isMarked } from '../../../contract/rules';\nimport { distanceKm } from './geo';\nexport const both = [isMarked, distanceKm];\n" }, rule: 'allowed' },
    { name: 'a routes file importing the contract and its service', probe: { filePath: 'server/src/flights/routes.ts', code: "import type { FastifyInstance } from 'fastify';\nimport { isMarked } from '../../../contract/rules';\nimport type { Services } from '../services-types';\nexport const register = (app: FastifyInstance, services: Services) => [app, services.config, isMarked];\n" }, rule: 'allowed' },
    { name: 'a page importing its own files and shared components', probe: { filePath: `src/pages/${pageB}/LintProbe.tsx`, code: `import Own from './${componentB}';\nimport { paths } from '../../app/paths';\nexport const both = [Own, paths];\n` }, rule: 'allowed' },
  ];
  const messages = lint(cases.map((c) => c.probe));

  it.each(cases.map((c, i) => [c.name, c.rule, i] as const))('%s (%s)', (_name, rule, i) => {
    const found = messages[i]!;
    if (rule === 'allowed') expect(found).toEqual([]);
    else expect(found).toEqual([expect.stringMatching(new RegExp(`^${rule.replace('/', '\\/')}: `))]);
  });
});

describe('the lint rules refuse import circles', () => {
  // import/no-cycle follows the imports on disk, so the circle is two real files, removed afterwards.
  const dir = `server/src/lint-probe-cycle-${process.pid}`;
  const files = {
    [`${dir}/a.ts`]: "import { b } from './b';\nexport const a = () => b();\n",
    [`${dir}/b.ts`]: "import { a } from './a';\nexport const b = () => a;\n",
    [`${dir}/c.ts`]: "import type { a } from './a';\nimport { b } from './b';\nexport type A = typeof a;\nexport const c = b;\n",
  };
  let messages: string[][];
  beforeAll(() => {
    mkdirSync(path.join(ROOT, dir), { recursive: true });
    for (const [file, code] of Object.entries(files)) writeFileSync(path.join(ROOT, file), code);
    try {
      messages = lint(Object.entries(files).map(([filePath, code]) => ({ filePath, code })));
    } finally {
      rmSync(path.join(ROOT, dir), { recursive: true, force: true });
    }
  });

  it('two modules importing each other both fail (import/no-cycle)', () => {
    expect(messages[0]).toEqual([expect.stringMatching(/^import\/no-cycle: /)]);
    expect(messages[1]).toEqual([expect.stringMatching(/^import\/no-cycle: /)]);
  });

  it('a module importing one of them is not part of the circle', () => {
    expect(messages[2]).toEqual([]);
  });
});
