// PasswordField (src/components/ui/password-field.tsx): the one password input of the app's forms,
// with its label, its hint and its error wired for screen readers and the browser's password
// manager told which password it is; and the screens that use it ask for the right one.
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { PasswordField } from '@/components/ui/password-field';
import { PasswordPairForm } from '@/features/auth/components/password-pair-form';
import { LoginPage } from '@/features/auth/pages/login-page';
import { AccountForm } from '@/features/onboarding/components/account-form';
import { fr as frOnboarding } from '@/i18n/fr-onboarding';

function Harness(props: {
  error?: string;
  hint?: string;
  autoComplete: 'current-password' | 'new-password';
  onChange?: (value: string) => void;
}) {
  const [value, setValue] = useState('');
  return (
    <PasswordField
      label="Mot de passe"
      required
      autoComplete={props.autoComplete}
      error={props.error}
      hint={props.hint}
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange?.(next);
      }}
    />
  );
}

const noop = () => {};
const handlers = { onContactChange: noop, onSubmit: noop, onBack: noop };
const passwordInputs = () =>
  Array.from(document.querySelectorAll<HTMLInputElement>('input[type="password"]'));

describe('PasswordField', () => {
  it('is a password input named by its label, and gives what is typed', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness autoComplete="new-password" onChange={onChange} />);
    const input = screen.getByLabelText(/^Mot de passe/);
    expect(input).toHaveAttribute('type', 'password');
    expect(document.querySelector(`label[for="${input.id}"]`)).toHaveTextContent('Mot de passe *');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
    await user.type(input, 'Tr0mb0ne-Lune');
    expect(input).toHaveValue('Tr0mb0ne-Lune');
    expect(onChange).toHaveBeenLastCalledWith('Tr0mb0ne-Lune');
  });

  it('announces its error and describes itself with its hint and its error', () => {
    render(
      <Harness
        autoComplete="new-password"
        hint="8 caractères minimum"
        error="Mot de passe trop court"
      />,
    );
    const input = screen.getByLabelText(/^Mot de passe/);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Mot de passe trop court');
    expect(input).toHaveAccessibleDescription('8 caractères minimum Mot de passe trop court');
  });

  it.each(['current-password', 'new-password'] as const)('tells the browser: %s', (kind) => {
    render(<Harness autoComplete={kind} />);
    expect(screen.getByLabelText(/^Mot de passe/)).toHaveAttribute('autocomplete', kind);
  });
});

describe('the password the screens ask for', () => {
  it('sign-in: the saved password', () => {
    render(
      <MemoryRouter>
        <LoginPage />
      </MemoryRouter>,
    );
    expect(passwordInputs().map((i) => i.autocomplete)).toEqual(['current-password']);
  });

  it('sign-up: a new password and its confirmation, with the length hint', () => {
    const t = frOnboarding.onboarding.account;
    render(
      <MemoryRouter>
        <AccountForm initial={null} busy={false} {...handlers} />
      </MemoryRouter>,
    );
    expect(passwordInputs().map((i) => i.autocomplete)).toEqual(['new-password', 'new-password']);
    expect(screen.getByLabelText(new RegExp(`^${t.password}`))).toHaveAccessibleDescription(
      t.passwordHint,
    );
    expect(screen.getByLabelText(new RegExp(`^${t.confirmPassword}`))).toHaveAttribute(
      'type',
      'password',
    );
  });

  it('a new password chosen from an e-mail link: new-password twice', () => {
    render(
      <PasswordPairForm
        labels={{ password: 'Nouveau', confirm: 'Confirmation', submit: 'OK', submitting: '…' }}
        onSubmit={async () => null}
      />,
    );
    expect(passwordInputs().map((i) => i.autocomplete)).toEqual(['new-password', 'new-password']);
    expect(screen.getByLabelText(/^Confirmation/)).toHaveAttribute('autocomplete', 'new-password');
  });
});
