// Issue 29 item 9: a conflict notice names the record (the training's title) and its fields, in
// correct French (the record's gender, the number of fields).
import { describe, expect, it } from 'vitest';
import type { ConflictNotice } from '@/db';
import { describeConflict } from '@/lib/sync/notices';
import { recordName } from '@/lib/sync/record-name';

const notice = (over: Partial<ConflictNotice>): ConflictNotice =>
  ({
    id: 'c',
    owner_id: 'o',
    table: 'training_requests',
    row_id: 'r',
    reason: 'field',
    mine: { status: 'completed' },
    theirs: { status: 'cancelled' },
    server_version: 3,
    created_at: '2026-11-27T10:00:00.000Z',
    ...over,
  }) as ConflictNotice;

describe('conflict notices in French', () => {
  it('names the training and its field (the field agrees: « il avait été modifié »)', () => {
    expect(describeConflict(notice({}), 'Excel avancé').text).toBe(
      "Vous avez modifié le champ « Statut » de la formation « Excel avancé » sur cet appareil alors qu'il avait été modifié sur un autre appareil. La version de l'autre appareil a été gardée ; votre version est conservée ici.",
    );
  });

  it('several fields: « les champs … ils avaient été modifiés »', () => {
    const text = describeConflict(
      notice({ mine: { status: 'completed', duration: 21, cost: 900 } }),
      'Excel avancé',
    ).text;
    expect(text).toContain(
      "Vous avez modifié les champs « Statut », « Durée (h) » et « Coût (€) » de la formation « Excel avancé » sur cet appareil alors qu'ils avaient été modifiés sur un autre appareil.",
    );
  });

  it('the record agrees when it is the subject: feminine and masculine', () => {
    expect(describeConflict(notice({ reason: 'deleted' }), 'Excel avancé').text).toContain(
      'Vous avez modifié la formation « Excel avancé » qui avait été supprimée sur un autre appareil.',
    );
    expect(
      describeConflict(
        notice({ reason: 'delete_over_edit', mine: { deleted_at: 'x' }, theirs: { duration: 7 } }),
        'Excel avancé',
      ).text,
    ).toContain(
      "qui venait d'être modifiée sur un autre appareil. La suppression a été appliquée ; vous pouvez la restaurer.",
    );
    const survey = describeConflict(
      notice({ table: 'team_surveys', reason: 'delete_over_edit', mine: { deleted_at: 'x' } }),
      'Besoins 2027',
    ).text;
    expect(survey).toContain(
      "Vous avez supprimé le sondage « Besoins 2027 » qui venait d'être modifié sur un autre appareil. La suppression a été appliquée ; vous pouvez le restaurer.",
    );
    expect(
      describeConflict(notice({ table: 'team_surveys', reason: 'deleted' }), 'Besoins 2027').text,
    ).toContain('qui avait été supprimé sur un autre appareil');
  });

  it('without a name: the kind of record, still agreeing', () => {
    expect(describeConflict(notice({ reason: 'deleted' })).text).toContain(
      'Vous avez modifié une formation du plan qui avait été supprimée sur un autre appareil.',
    );
    expect(
      describeConflict(notice({ table: 'profiles', mine: { contact_name: 'A' } })).text,
    ).toContain(
      "Vous avez modifié le champ « Nom complet » de votre profil sur cet appareil alors qu'il avait été modifié",
    );
    expect(
      describeConflict(notice({ table: 'opco_confirmations', mine: { amount_cents: 500000 } }))
        .text,
    ).toContain(
      "Vous avez modifié le champ « Montant confirmé » d'un montant confirmé par votre OPCO sur cet appareil alors qu'il avait été modifié",
    );
    expect(describeConflict(notice({ mine: {} }), 'Excel').text).toContain(
      "Vous avez modifié la formation « Excel » sur cet appareil alors qu'elle avait été modifiée sur un autre appareil.",
    );
  });

  it("reads the record's name from the row kept on the device", () => {
    expect(recordName('training_requests', { topic: '  Excel   avancé ' })).toBe('Excel avancé');
    expect(recordName('team_surveys', { name: 'Besoins 2027' })).toBe('Besoins 2027');
    expect(recordName('simulations', { company_name: 'Boulangerie Martin' })).toBe(
      'Boulangerie Martin',
    );
    expect(recordName('training_employees', { first_name: 'Inès', last_name: 'Dubois' })).toBe(
      'Inès Dubois',
    );
    expect(recordName('profiles', { contact_name: 'Camille' })).toBeNull();
    expect(recordName('training_requests', null)).toBeNull();
    expect(recordName('training_requests', { topic: 'x'.repeat(200) })?.length).toBe(80);
  });
});
