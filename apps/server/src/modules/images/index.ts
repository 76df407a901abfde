/** The images module's entry: what other modules may use of it (docs/decisions/0033). */

export { imagesAccount } from './account';
export { ImageKind } from './policy';
export { isOwnPersonaImage, readImage, storeSquareDataUrl } from './service';
