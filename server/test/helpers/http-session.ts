/** A cookie jar over fetch that echoes the XSRF cookie, for tests and benchmarks against a real port. */
export class HttpSession {
  cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  async fetch(path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (this.cookies.has('XSRF-TOKEN')) headers.set('x-xsrf-token', this.cookies.get('XSRF-TOKEN')!);
    const res = await fetch(this.base + path, { ...init, headers });
    for (const c of res.headers.getSetCookie()) {
      const [k, v] = c.split(';')[0]!.split('=');
      this.cookies.set(k!, v!);
    }
    return res;
  }
}
