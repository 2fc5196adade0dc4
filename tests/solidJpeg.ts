/** A JPEG of one colour, drawn with sharp: the photo the tests upload, resize and serve. */
import sharp from 'sharp';

export function solidJpeg(width = 64, height = 48, colour = '#3a7'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}
