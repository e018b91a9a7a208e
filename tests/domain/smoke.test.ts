import { describe, expect, it } from 'vitest';
import { parseConfig, LOCAL_DEMO_ANON_KEY } from '@/lib/config';

describe('parseConfig', () => {
  it('defaults to the embedded backend', () => {
    const c = parseConfig({});
    expect(c.supabaseUrl).toBe('http://127.0.0.1:54321');
    expect(c.supabaseAnonKey).toBe(LOCAL_DEMO_ANON_KEY);
    expect(c.functionsUrl).toBe('http://127.0.0.1:54321/functions/v1');
    expect(c.algolia).toBeNull();
  });
  it('treats empty strings as unset and splits lists', () => {
    const c = parseConfig({ VITE_SUPABASE_URL: '', VITE_RDV_IDCC_LIST: '1486, 2098,,' });
    expect(c.supabaseUrl).toBe('http://127.0.0.1:54321');
    expect(c.rdvIdccList).toEqual(['1486', '2098']);
  });
});
