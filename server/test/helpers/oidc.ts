import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestIssuer {
  url: string;
  setClaims(claims: Record<string, unknown>): void;
  stop(): Promise<void>;
}

export async function startTestIssuer(): Promise<TestIssuer> {
  const claimsFile = join(mkdtempSync(join(tmpdir(), 'oidc-')), 'claims.json');
  writeFileSync(claimsFile, '{}');
  const child: ChildProcess = spawn(process.execPath, [join(__dirname, 'oidc-issuer.mjs'), claimsFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve(out.trim());
    });
    child.on('exit', (code) => reject(new Error(`OIDC issuer exited with ${code}`)));
  });
  return {
    url,
    setClaims: (claims) => writeFileSync(claimsFile, JSON.stringify(claims)),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
