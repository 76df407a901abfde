import { MutationCache, QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { isOffline, setSignedOutHandler } from '../api/client';
import { queryKeys } from '../api/keys';
import { useProfiles } from '../api/profiles';
import {
  loadForgotPasswordScreen,
  loadRegisterScreen,
  loadResetPasswordScreen,
  loadSignInScreen,
  signInState,
  useReturnPath,
} from '../features/auth/places';
import { IncomingCall } from '../features/calls/places';
import { T } from '../i18n/texts';
import { BusyIndicator } from '../ui/BusyIndicator';
import { hideDialogs } from '../ui/dialogStore';
import { lazyScreen } from '../ui/lazyScreen';
import { Popup } from '../ui/Popup';
import { showError, showFailure } from '../ui/popup';
import { useQuietHoursOf } from '../ui/quiet';
import { Toast } from '../ui/Toast';
import { KEEP_MS, keepLastSeen, restoreLastSeen } from './offlineCache';
import { RealtimeBridge } from './RealtimeBridge';
import { Shell } from './Shell';
import { Splash } from './Splash';
import { VersionGate } from './VersionGate';

// Most starts are signed in and never need the sign-in screen's code; a signed-in member's app fetches it
// once idle (`useSignInScreenReady`), so that signing out, or an erasure, shows it without a wait.
const SignInScreen = lazyScreen(loadSignInScreen);
// Registering comes after the sign-in screen, so it loads then.
const RegisterScreen = lazyScreen(loadRegisterScreen);
const ForgotPasswordScreen = lazyScreen(loadForgotPasswordScreen);
const ResetPasswordScreen = lazyScreen(loadResetPasswordScreen);

/**
 * Offline, a write is refused with the spec's network message (docs/product/README.md#errors) and never held to be sent later:
 * mutations run whatever the network (so they fail at once rather than pause and replay), and one that never
 * reached the server says so, unless its screen says more itself; one the member did not ask for (marked
 * `unasked`, as reading a thread) fails quietly. Answers stay a day unused, so that what
 * was last seen is still there to be kept on the device (docs/decisions/0045).
 */
function createQueryClient(): QueryClient {
  const client = new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (isOffline(error) && !mutation.meta?.unasked) showError(T.oops, T.networkError);
      },
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, gcTime: KEEP_MS, refetchOnWindowFocus: false },
      mutations: { networkMode: 'always' },
    },
  });
  restoreLastSeen(client);
  return client;
}

/** A 401 from any signed-in call means the session is gone: forget the member, which shows sign-in. */
function SignedOutWatcher() {
  const queryClient = useQueryClient();
  useEffect(() => {
    setSignedOutHandler(() => {
      void hideDialogs();
      queryClient.setQueryData(queryKeys.profiles, null);
    });
  }, [queryClient]);
  return null;
}

/**
 * A refresh of the loaded member that fails keeps the app as it is and says so (docs/product/home-and-stars.md#profiles-response): "unable to get
 * user profile" / "please try again" while connected, "oops" with the network message when offline.
 */
function useProfileRefreshFailure(profiles: ReturnType<typeof useProfiles>) {
  const failedAt = profiles.isError && profiles.data !== undefined ? profiles.errorUpdatedAt : 0;
  const { error } = profiles;
  useEffect(() => {
    if (failedAt) showFailure(T.unableToGetProfile, isOffline(error));
  }, [failedAt, error]);
}

/** Fetches the sign-in screen's code when the browser is idle after the signed-in app has shown. */
function useSignInScreenReady(signedIn: boolean) {
  useEffect(() => {
    if (!signedIn) return;
    // A failed fetch costs nothing: the screen fetches its code again when it is shown.
    const fetchIt = () => void loadSignInScreen().catch(() => undefined);
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(fetchIt, 2000);
      return () => window.clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(fetchIt, { timeout: 5000 });
    return () => window.cancelIdleCallback(idle);
  }, [signedIn]);
}

function SignedInRoutes() {
  const profiles = useProfiles();
  const { pathname } = useLocation();
  useProfileRefreshFailure(profiles);
  useSignInScreenReady(Boolean(profiles.data));
  useQuietHoursOf(profiles.data?.user_profile ?? null);
  if (profiles.isPending) return <Splash />;
  if (profiles.isError && profiles.data === undefined)
    return <Splash failed onRetry={() => void profiles.refetch()} />;
  if (!profiles.data) return <Navigate to="/signin" replace state={signInState(pathname)} />;
  return (
    <>
      <RealtimeBridge />
      <Shell profiles={profiles.data} />
      <IncomingCall />
    </>
  );
}

function SignedOutOnly({ children }: { children: React.ReactNode }) {
  const profiles = useProfiles();
  const returnPath = useReturnPath();
  if (profiles.isPending) return <Splash />;
  if (profiles.data) return <Navigate to={returnPath} replace />;
  return children;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => keepLastSeen(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <SignedOutWatcher />
      <BrowserRouter>
        <Routes>
          <Route
            path="/signin"
            element={
              <SignedOutOnly>
                <SignInScreen />
              </SignedOutOnly>
            }
          />
          <Route
            path="/register"
            element={
              <SignedOutOnly>
                <RegisterScreen />
              </SignedOutOnly>
            }
          />
          <Route
            path="/forgot-password"
            element={
              <SignedOutOnly>
                <ForgotPasswordScreen />
              </SignedOutOnly>
            }
          />
          {/* Signed in or not: the mailed link works in any browser, and saving signs everyone out. */}
          <Route path="/reset-password" element={<ResetPasswordScreen />} />
          <Route path="*" element={<SignedInRoutes />} />
        </Routes>
      </BrowserRouter>
      <VersionGate />
      <Toast />
      <Popup />
      <BusyIndicator />
    </QueryClientProvider>
  );
}
