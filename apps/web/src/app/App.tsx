import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { isOffline, setSignedOutHandler } from '../api/client';
import { queryKeys } from '../api/keys';
import { useProfiles } from '../api/profiles';
import { SignInScreen } from '../features/auth/SignInScreen';
import { IncomingCall } from '../features/calls/IncomingCall';
import { T } from '../i18n/texts';
import { BusyIndicator } from '../ui/BusyIndicator';
import { hideDialogs } from '../ui/dialogStore';
import { lazyScreen } from '../ui/lazyScreen';
import { Popup } from '../ui/Popup';
import { showFailure } from '../ui/popup';
import { Toast } from '../ui/Toast';
import { RealtimeBridge } from './RealtimeBridge';
import { Shell } from './Shell';
import { Splash } from './Splash';
import { VersionGate } from './VersionGate';

// Sign-in is the first screen of a member who is signed out; registering comes after it, so it loads then.
const RegisterScreen = lazyScreen(() =>
  import('../features/auth/RegisterScreen').then((m) => m.RegisterScreen),
);

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } },
  });
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
 * A refresh of the loaded member that fails keeps the app as it is and says so (000 §8): "unable to get
 * user profile" / "please try again" while connected, "oops" with the network message when offline.
 */
function useProfileRefreshFailure(profiles: ReturnType<typeof useProfiles>) {
  const failedAt = profiles.isError && profiles.data !== undefined ? profiles.errorUpdatedAt : 0;
  const { error } = profiles;
  useEffect(() => {
    if (failedAt) showFailure(T.unableToGetProfile, isOffline(error));
  }, [failedAt, error]);
}

function SignedInRoutes() {
  const profiles = useProfiles();
  useProfileRefreshFailure(profiles);
  if (profiles.isPending) return <Splash />;
  if (profiles.isError && profiles.data === undefined)
    return <Splash failed onRetry={() => void profiles.refetch()} />;
  if (!profiles.data) return <Navigate to="/signin" replace />;
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
  if (profiles.isPending) return <Splash />;
  if (profiles.data) return <Navigate to="/" replace />;
  return children;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
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
