/**
 * A photo as a phone takes it, drawn with sharp: noise, so that the JPEG is as large as a real photo
 * of that many pixels; optionally stored sideways with the EXIF tag that turns it upright, and with
 * camera metadata.
 */
import sharp, { type Sharp } from 'sharp';

export function phonePhoto({
  width = 4000,
  height = 3000,
  orientation,
  exif,
}: {
  width?: number;
  height?: number;
  orientation?: number;
  exif?: Parameters<Sharp['withExifMerge']>[0];
} = {}): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index++) pixels[index] = (index * 2654435761) >>> 24;
  const photo = sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 95 });
  const turned = orientation === undefined ? photo : photo.withMetadata({ orientation });
  return (exif ? turned.withExifMerge(exif) : turned).toBuffer();
}

/** What a phone writes about itself and the place: camera, owner and GPS position (the site strips them). */
export const CAMERA_EXIF = {
  IFD0: { Make: 'ExampleCam', Model: 'Sample 9', Copyright: 'Owner Sample' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '11/1 0/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '76/1 57/1 0/1' },
};
