import { describe, expect, it } from 'vitest';
import { schedulerPrefill, withSchedulerPrefill } from '@/domain/scheduler-prefill';

describe('schedulerPrefill', () => {
  it('splits the full name into first and last name, keeps the e-mail', () => {
    expect(schedulerPrefill('Camille Martin', 'camille@exemple.fr')).toEqual({
      firstname: 'Camille',
      lastname: 'Martin',
      email: 'camille@exemple.fr',
    });
    expect(schedulerPrefill('  Marie   de  La Tour ', ' m@exemple.fr ')).toEqual({
      firstname: 'Marie',
      lastname: 'de La Tour',
      email: 'm@exemple.fr',
    });
    expect(schedulerPrefill('Loïc', '')).toEqual({ firstname: 'Loïc', lastname: '', email: '' });
  });

  it('leaves out what is missing or not an address', () => {
    expect(schedulerPrefill(null, undefined)).toEqual({ firstname: '', lastname: '', email: '' });
    expect(schedulerPrefill('', 'pas-une-adresse')).toEqual({
      firstname: '',
      lastname: '',
      email: '',
    });
    expect(schedulerPrefill(42, 42)).toEqual({ firstname: '', lastname: '', email: '' });
  });
});

describe('withSchedulerPrefill', () => {
  const prefill = { firstname: 'Camille', lastname: 'Martin', email: 'c+rdv@exemple.fr' };

  it('adds the parameters, encoded, keeping the address and its own query', () => {
    const url = withSchedulerPrefill('https://rdv.exemple.fr/claire-dubois?type=leads', prefill);
    const parsed = new URL(url);
    expect(parsed.pathname).toBe('/claire-dubois');
    expect(parsed.searchParams.get('type')).toBe('leads');
    expect(parsed.searchParams.get('firstname')).toBe('Camille');
    expect(parsed.searchParams.get('lastname')).toBe('Martin');
    expect(parsed.searchParams.get('email')).toBe('c+rdv@exemple.fr');
  });

  it('adds nothing for blank values, and replaces parameters of the same name', () => {
    const blank = { firstname: '', lastname: '', email: '' };
    expect(withSchedulerPrefill('https://rdv.exemple.fr/x', blank)).toBe(
      'https://rdv.exemple.fr/x',
    );
    const url = withSchedulerPrefill('https://rdv.exemple.fr/x?email=old%40exemple.fr', prefill);
    expect(new URL(url).searchParams.getAll('email')).toEqual(['c+rdv@exemple.fr']);
  });
});
