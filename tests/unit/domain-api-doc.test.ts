import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOMAIN_API_PAGE, withDomainApi } from '../../scripts/domain-api';

describe('docs/domain-api.md', () => {
  it('lists every module and export of src/domain (run npm run docs:domain after a change)', () => {
    const page = readFileSync(new URL(`../../${DOMAIN_API_PAGE}`, import.meta.url), 'utf8');
    expect(withDomainApi(page)).toBe(page);
  });
});
