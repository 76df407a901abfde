/** A small real PNG (8x8, one colour). */
const PNG_8X8 =
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGNwaPiPFTEMLQkAeo1vwWDCXEAAAAAASUVORK5CYII=';

/** A picture as the file picker hands it over (playwright's setInputFiles payload). */
export function pngFile(name: string) {
  return { name, mimeType: 'image/png', buffer: Buffer.from(PNG_8X8, 'base64') };
}
