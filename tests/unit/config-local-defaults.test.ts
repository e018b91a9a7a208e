// Issue 16 item 6: every local default derives from one base, VITE_SUPABASE_URL (the embedded
// backend serves the API, the budget API, the registry and the local third-party pages on one
// origin), so moving the backend to another port is one variable, not six.
import { describe, expect, it } from 'vitest';
import { LOCAL_BACKEND_URL, parseConfig } from '@/lib/config';

describe('local defaults', () => {
  it('derive from VITE_SUPABASE_URL when it names another port or host', () => {
    const c = parseConfig({ VITE_SUPABASE_URL: 'http://127.0.0.1:6543/' });
    expect(c.supabaseUrl).toBe('http://127.0.0.1:6543');
    expect(c.functionsUrl).toBe('http://127.0.0.1:6543/functions/v1');
    expect(c.budgetApiUrl).toBe('http://127.0.0.1:6543');
    expect(c.registryUrl).toBe('http://127.0.0.1:6543/registry/v2');
    expect(c.schedulerUrl).toBe('http://127.0.0.1:6543/_local/scheduler');
    expect(c.leadsSchedulerUrl).toBe('http://127.0.0.1:6543/_local/scheduler?type=leads');
    expect(c.budgetFormUrl).toBe('http://127.0.0.1:6543/_local/budget-form');
    expect(c.contactUrl).toBe('http://127.0.0.1:6543/_local/contact');
  });

  it('name no port of their own: nothing else in the configuration says 54321', () => {
    const c = parseConfig({ VITE_SUPABASE_URL: 'http://192.168.1.20:8000' });
    const urls = Object.values(c).filter((v): v is string => typeof v === 'string');
    expect(urls.filter((u) => u.includes('54321'))).toEqual([]);
  });

  it('default to the embedded backend, and a variable that is set always wins', () => {
    const c = parseConfig({
      VITE_SUPABASE_URL: 'http://127.0.0.1:6543',
      VITE_SCHEDULER_URL: 'https://meet.example.fr/equipe',
      VITE_REGISTRY_URL: 'https://suggestions.pappers.fr/v2',
    });
    expect(c.schedulerUrl).toBe('https://meet.example.fr/equipe');
    expect(c.registryUrl).toBe('https://suggestions.pappers.fr/v2');
    expect(c.contactUrl).toBe('http://127.0.0.1:6543/_local/contact');
    expect(parseConfig({}).schedulerUrl).toBe(`${LOCAL_BACKEND_URL}/_local/scheduler`);
    expect(LOCAL_BACKEND_URL).toBe('http://127.0.0.1:54321');
  });

  it('keeps a base path (a backend behind a reverse proxy)', () => {
    const c = parseConfig({ VITE_SUPABASE_URL: 'https://intranet.example.fr/budget/' });
    expect(c.registryUrl).toBe('https://intranet.example.fr/budget/registry/v2');
    expect(c.schedulerUrl).toBe('https://intranet.example.fr/budget/_local/scheduler');
  });
});
