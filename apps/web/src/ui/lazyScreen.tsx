import { Component, type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from '../i18n';
import { T } from '../i18n/texts';
import busyStyles from './BusyIndicator.module.css';
import styles from './LazyScreen.module.css';
import { RetryAlert } from './RetryAlert';

/** A screen's code that could not be fetched: the network went away, or a deploy replaced the file. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('the screen could not be loaded', { cause });
    this.name = 'ChunkLoadError';
  }
}

/** While the screen's code loads: a spinner in place, which fades in only if the wait is noticeable. */
function ScreenLoading() {
  const { t } = useTranslation();
  return (
    <div className={styles.loading} role="status" aria-busy="true">
      <span className={busyStyles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{t(T.loading)}</span>
    </div>
  );
}

function ScreenLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return <RetryAlert text={t(T.popupMessage)} onRetry={onRetry} />;
}

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

/** Catches a failed load of the screen's code; any other error goes on to the boundaries above. */
class ChunkBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!(error instanceof ChunkLoadError)) throw error;
    return <ScreenLoadFailed onRetry={this.props.onRetry} />;
  }
}

export interface LazyScreenOptions {
  /** How the app starts over when the code is still missing after a retry. */
  reload?: () => void;
}

/**
 * A screen whose code is fetched the first time it is shown, not with the app's first screen. Meanwhile it
 * shows a spinner; when the fetch fails, the spec's "something went wrong" with a retry that fetches it again.
 * A fetch that fails once more most likely follows a deploy (the old file is gone and only a fresh index.html
 * names the new one), so the next retry reloads the app.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { reload = () => window.location.reload() }: LazyScreenOptions = {},
): ComponentType<P> {
  let failures = 0;
  const fetchScreen = () =>
    lazy(() =>
      load().then(
        (screen) => ({ default: screen }),
        (error: unknown) => {
          failures += 1;
          throw new ChunkLoadError(error);
        },
      ),
    );
  // One fetch for every place the screen is shown; a retry starts a new one for all of them.
  let Screen = fetchScreen();

  function LazyScreen(props: P) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      if (failures > 1) return reload();
      Screen = fetchScreen();
      setAttempt(attempt + 1);
    };
    return (
      <ChunkBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<ScreenLoading />}>
          <Screen {...props} />
        </Suspense>
      </ChunkBoundary>
    );
  }
  return LazyScreen;
}
