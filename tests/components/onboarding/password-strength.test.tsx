// Issue 28 item 8: the sign-up form checks the new password with the strength estimator (loaded
// when the password is typed), shows its French feedback under the field, and refuses a guessable
// one before anything is sent; a strong one goes on.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AccountForm } from '@/features/onboarding/components/account-form';

function renderForm() {
  const onSubmit = vi.fn();
  render(
    <AccountForm
      initial={null}
      busy={false}
      onContactChange={() => {}}
      onSubmit={onSubmit}
      onBack={() => {}}
    />,
  );
  return onSubmit;
}

async function fill(password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Prénom/), 'Camille');
  await user.type(screen.getByLabelText(/Email professionnel/), 'camille@exemple.fr');
  await user.selectOptions(screen.getByLabelText(/Votre rôle/), 'RH');
  await user.type(screen.getByLabelText(/^Mot de passe/), password);
  await user.type(screen.getByLabelText(/Confirmer le mot de passe/), password);
  await user.click(screen.getByRole('checkbox'));
  return user;
}

describe('sign-up password strength', () => {
  it('refuses Budget2026! with French feedback, and sends nothing', async () => {
    const onSubmit = renderForm();
    const user = await fill('Budget2026!');
    // The estimator's feedback, once loaded, under the field.
    expect(await screen.findByText(/trop facile à deviner/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Créer/ }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(/trop facile à deviner/),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(/informations|mots du site/);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('accepts a strong password', async () => {
    const onSubmit = renderForm();
    const user = await fill('Le-chat-de-Mamie-dort-7');
    expect(await screen.findByText('Mot de passe robuste.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Créer/ }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });
});
