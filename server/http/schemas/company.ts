import { z } from 'zod';
import { LOCATION_KINDS } from '../../../shared/records.js';
import { choice, code, flag, foreignId, longText, text } from '../../services/records/fields.js';

/** Paramètres › Société › Emplacements. */
export const locationSchema = z.object({
  code: code('code'),
  name: text('nom', 120, { required: true }),
  kind: choice('type', LOCATION_KINDS),
  address: longText('adresse', 255),
  active: flag(true),
});

/** Paramètres › Société › Caisses. */
export const cashDeskSchema = z.object({
  code: code('code'),
  name: text('nom', 120, { required: true }),
  location_id: foreignId('un emplacement'),
  active: flag(true),
});

/** Paramètres › Société › Comptes. */
export const accountSettingsSchema = z.object({ allow_registration: flag(false) });
