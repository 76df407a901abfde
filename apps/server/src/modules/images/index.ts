/** The images module's entry: what other modules may use of it (docs/decisions/0033). */
export { ImageKind } from './policy';
export { isOwnPersonaImage, readImage, storeSquareDataUrl } from './service';
export { imagesAccount } from './account';
