// Issue 32 item 3: the daily backup's settings, file names and retention (server/db/backup/schedule.ts)
// and the snapshot container (archive.ts).
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ArchiveError, packArchive, unpackArchive } from '../../server/db/backup/archive';
import {
  backupFileName,
  backupSettingsFromEnv,
  listBackups,
  pruneBackups,
  writeBackupFile,
} from '../../server/db/backup/schedule';

const dir = mkdtempSync(join(tmpdir(), 'bf-backup-schedule-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('daily backups', () => {
  it('reads BACKUP_KEEP and BACKUP_DIR; refuses a keep that is not a whole number', () => {
    expect(backupSettingsFromEnv({}, '/root')).toEqual({ keep: 0, dir: '/root/.data/backups' });
    expect(backupSettingsFromEnv({ BACKUP_KEEP: '7', BACKUP_DIR: '/b' }, '/root')).toEqual({
      keep: 7,
      dir: '/b',
    });
    for (const bad of ['-1', '2.5', 'sept'])
      expect(() => backupSettingsFromEnv({ BACKUP_KEEP: bad }, '/root')).toThrow(/BACKUP_KEEP/);
  });

  it('names files by UTC time, writes them whole, keeps the N newest', () => {
    expect(backupFileName(new Date('2026-11-27T14:05:01.123Z'))).toBe(
      'backup-20261127T140501Z.tar.gz',
    );
    for (let day = 1; day <= 5; day++)
      writeBackupFile(dir, new Uint8Array([day]), new Date(`2026-11-0${day}T03:00:00Z`));
    // Same second twice: a second file, not an overwrite.
    writeBackupFile(dir, new Uint8Array([9]), new Date('2026-11-05T03:00:00Z'));
    writeFileSync(join(dir, 'notes.txt'), 'not a backup');
    expect(listBackups(dir)).toHaveLength(6);
    expect(readdirSync(dir).some((n) => n.endsWith('.partial'))).toBe(false);
    const removed = pruneBackups(dir, 3);
    expect(removed.map((p) => p.slice(dir.length + 1))).toEqual([
      'backup-20261101T030000Z.tar.gz',
      'backup-20261102T030000Z.tar.gz',
      'backup-20261103T030000Z.tar.gz',
    ]);
    expect(readdirSync(dir)).toContain('notes.txt');
    expect(listBackups(dir)).toHaveLength(3);
  });
});

describe('snapshot container', () => {
  it('round-trips named files and refuses truncated or foreign bytes', () => {
    const packed = packArchive([
      { name: 'manifest.json', data: Buffer.from('{"a":1}') },
      { name: 'pgdata.tar', data: Buffer.alloc(1500, 7) },
    ]);
    const files = unpackArchive(packed);
    expect(files.get('manifest.json')!.toString()).toBe('{"a":1}');
    expect(files.get('pgdata.tar')!.length).toBe(1500);
    expect(() => unpackArchive(packed.subarray(0, packed.length - 20))).toThrow(ArchiveError);
    expect(() => unpackArchive(Buffer.from('hello'))).toThrow(ArchiveError);
  });
});
