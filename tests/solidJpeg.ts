/** Photos drawn with sharp: the ones the tests upload, resize and serve. */
import sharp from 'sharp';

/** A JPEG of one colour. */
export function solidJpeg(width = 64, height = 48, colour = '#3a7'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

/** A photo as a phone writes it: sideways pixels (400 × 200) with EXIF orientation 6, camera, owner and GPS position. */
export function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 200, channels: 3, background: '#3a7' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'ExampleCam', Model: 'Sample 9', Copyright: 'Owner Sample' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '11/1 0/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '76/1 57/1 0/1' },
    })
    .toBuffer();
}
