// The browser's cookies as the server sees them during one request: sent to the gateway on
// every call, updated by the gateway's Set-Cookie answers (so a refreshed session is used
// by the replay), and those answers collected to pass back to the browser.
export class CookieJar {
  private readonly values = new Map<string, string>();
  /** Raw Set-Cookie headers to copy onto the browser's response, in order. */
  readonly setCookies: string[] = [];

  constructor(cookieHeader: string | null | undefined) {
    for (const part of (cookieHeader ?? '').split(';')) {
      const eq = part.indexOf('=');
      if (eq <= 0) continue;
      this.values.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
    }
  }

  get(name: string): string | undefined {
    return this.values.get(name);
  }

  header(): string {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  absorb(setCookieHeaders: readonly string[]): void {
    for (const raw of setCookieHeaders) {
      this.setCookies.push(raw);
      const [pair = '', ...attributes] = raw.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (isRemoval(attributes) || value === '') this.values.delete(name);
      else this.values.set(name, value);
    }
  }
}

function isRemoval(attributes: string[]): boolean {
  for (const attribute of attributes) {
    const [key = '', value = ''] = attribute.split('=').map((s) => s.trim());
    if (key.toLowerCase() === 'max-age' && Number(value) <= 0) return true;
    if (key.toLowerCase() === 'expires' && Date.parse(value) <= Date.now()) return true;
  }
  return false;
}
