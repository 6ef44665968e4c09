import { z } from 'zod';
import { MAX_PRINT_COPIES, PAPER_FORMATS, PRINT_TEXT_MAX } from '../../../shared/print.js';
import { choice, flag, integer, longText } from '../../services/records/fields.js';

/** Paramètres › Impression: one document type's layout (the format is checked against the type by the service). */
export const printSettingsSchema = z.object({
  format: choice('format', PAPER_FORMATS),
  copies: integer('nombre d’exemplaires', { min: 1, max: MAX_PRINT_COPIES, required: true }),
  header_text: longText('texte d’en-tête', PRINT_TEXT_MAX),
  footer_text: longText('texte de pied de page', PRINT_TEXT_MAX),
  show_logo: flag(false),
  amount_in_words: flag(false),
});
