import { describe, expect, it } from 'vitest';
import { passwordVerdict, personalWords } from '@/domain/password-strength';

describe('password strength (zxcvbn-ts, French dictionaries)', () => {
  it("refuses the issue's weak passwords, each with a reason", () => {
    for (const password of [
      'aaaaaaaa',
      '00000000',
      'abcdefgh',
      'P@ssw0rd',
      'passwordpassword',
      'Budget2026!',
      'azertyuiop',
      'motdepasse',
      'Soleil2024',
    ]) {
      const verdict = passwordVerdict(password);
      expect(verdict.ok, password).toBe(false);
      expect(verdict.warning ?? verdict.suggestions[0], password).toBeTruthy();
    }
  });

  it('accepts long, personal passwords', () => {
    for (const password of [
      'Mot-de-passe-1',
      'Un-mot-de-passe-personnel-9',
      'correct horse battery staple',
      'Tr0ub4dor&3',
      'Le-chat-de-Mamie-dort-7',
    ])
      expect(passwordVerdict(password).ok, password).toBe(true);
  });

  it("the person's own data counts as known to an attacker", () => {
    const strong = 'Dupontel2024!';
    expect(passwordVerdict(strong).ok).toBe(true);
    expect(passwordVerdict(strong, ['camille.dupontel@exemple.fr', 'Camille Dupontel']).ok).toBe(
      false,
    );
    expect(personalWords(['Camille.Martin@exemple.fr'])).toEqual(
      expect.arrayContaining(['camille', 'martin', 'exemple']),
    );
  });

  it('bounds the work on any input (72 characters of repeats and l33t)', () => {
    for (const password of ['0123456789'.repeat(7), 'aZ9!'.repeat(18), '@$10'.repeat(18)])
      expect(passwordVerdict(password).score).toBeLessThanOrEqual(4);
  });
});
