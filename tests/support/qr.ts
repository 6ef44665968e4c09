import jsQR from 'jsqr';
import sharp from 'sharp';

/** The text of the QR code in an image (PNG, SVG…), as a phone's scanner reads it; null when none is found. */
export async function decodeQr(image: Buffer | string, width = 400): Promise<string | null> {
  const { data, info } = await sharp(typeof image === 'string' ? Buffer.from(image) : image, { density: 300 })
    .resize({ width })
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}
