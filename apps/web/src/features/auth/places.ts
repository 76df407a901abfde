/** What the app shell mounts of auth at start-up: the signed-in state and the screens' lazy loaders. */
export { signInState, useReturnPath } from './returnPath';

// The screens' code loads when first shown (the app's routes wrap them in lazyScreen).
export const loadSignInScreen = () => import('./SignInScreen').then((m) => m.SignInScreen);
export const loadRegisterScreen = () => import('./RegisterScreen').then((m) => m.RegisterScreen);
export const loadForgotPasswordScreen = () =>
  import('./ForgotPasswordScreen').then((m) => m.ForgotPasswordScreen);
export const loadResetPasswordScreen = () =>
  import('./ResetPasswordScreen').then((m) => m.ResetPasswordScreen);
