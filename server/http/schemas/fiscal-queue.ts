import { z } from 'zod';
import { textInput } from '../../services/records/fields.js';

/**
 * « Saisir la référence fiscale »: what the DGI's portal shows for a document it certified though
 * our request's answer was lost — its fiscal number (letters, digits, dashes and slashes) and the
 * content of its QR code (the verification link FNE prints, or e-MECeF's qrCode string).
 */
export const fiscalReferenceSchema = z.object({
  fiscal_number: textInput(
    { subject: 'Le numéro fiscal', required: 'Saisissez le numéro fiscal que montre le portail de la DGI.' },
    80,
    { required: true, min: 4 },
  ).pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9\-/.]*$/, 'Le numéro fiscal ne contient que des lettres, des chiffres, - / et .'),
  ),
  qr_content: textInput(
    {
      subject: 'Le contenu du QR code',
      required: 'Saisissez le lien de vérification (ou le contenu du QR code) que montre le portail de la DGI.',
    },
    1000,
    { required: true, min: 8 },
  ),
});

export type FiscalReferenceBody = z.infer<typeof fiscalReferenceSchema>;
