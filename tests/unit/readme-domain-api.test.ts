import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readmeWithDomainApi } from '../../scripts/domain-api';

describe('README domain API', () => {
  it('lists every module and export of src/domain (run npm run docs:domain after a change)', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    expect(readmeWithDomainApi(readme)).toBe(readme);
  });
});
