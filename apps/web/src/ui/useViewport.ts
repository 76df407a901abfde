import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const snapshot = () => `${window.innerWidth}x${window.innerHeight}`;

export function useViewport(): { width: number; height: number } {
  const size = useSyncExternalStore(subscribe, snapshot, () => '1280x800');
  const [width, height] = size.split('x').map(Number);
  return { width: width!, height: height! };
}
