import QRCode from 'qrcode';

/**
 * The QR code of a certified document, drawn here as an SVG from the DGI's token (FNE's
 * verification URL) or qrCode string (e-MECeF): printing never calls out, and the SVG stays sharp
 * on a 58 mm thermal roll as on an A5 sheet. Level M survives a crumpled ticket; the one-module
 * margin is the quiet zone the paper's own white extends.
 */
export function qrSvg(content: string): Promise<string> {
  return QRCode.toString(content, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
}
