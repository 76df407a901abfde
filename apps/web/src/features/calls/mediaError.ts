/** The camera or microphone a capture asked for. */
export type MediaDevice = 'microphone' | 'camera';

/** Why a capture failed, by the DOMException the browser threw (getUserMedia). */
export type MediaTrouble = 'missing' | 'refused' | 'busy';

const TROUBLES: Readonly<Record<string, MediaTrouble>> = {
  NotFoundError: 'missing',
  OverconstrainedError: 'missing',
  NotAllowedError: 'refused',
  SecurityError: 'refused',
  NotReadableError: 'busy',
  AbortError: 'busy',
};

/** The capture's trouble, or null when the error is not a device's (a failed negotiation, say). */
export function mediaTrouble(error: unknown): MediaTrouble | null {
  const name = error instanceof Error || error instanceof DOMException ? error.name : undefined;
  return (name && TROUBLES[name]) || null;
}

/** Each trouble's text says which device, what happened and what to do (keys of en_us 'media.*'). */
const ALERTS: Readonly<Record<MediaDevice, Record<MediaTrouble, string>>> = {
  microphone: {
    missing: 'media.microphone_missing',
    refused: 'media.microphone_refused',
    busy: 'media.microphone_busy',
  },
  camera: {
    missing: 'media.camera_missing',
    refused: 'media.camera_refused',
    busy: 'media.camera_busy',
  },
};

/** The alert for a failed capture of a device; an error that is no device's keeps the caller's own alert. */
export function mediaAlert(error: unknown, device: MediaDevice, otherwise: string): string {
  const trouble = mediaTrouble(error);
  return trouble ? ALERTS[device][trouble] : otherwise;
}

/** Whether an alert is a device's, which a retry of the capture may clear. */
export function isMediaAlert(alert: string | null): boolean {
  return alert?.startsWith('media.') ?? false;
}

/** The device whose capture failed last, which the member's retry asks for again (calls and lessons alike). */
export class FailedCapture {
  private device: MediaDevice | null = null;

  /** The alert for a failed capture; the device is remembered when the failure was the device's. */
  alertFor(error: unknown, device: MediaDevice, otherwise: string): string {
    const alert = mediaAlert(error, device, otherwise);
    this.device = alert === otherwise ? null : device;
    return alert;
  }

  /** The device to ask for again, once. */
  take(): MediaDevice | null {
    const device = this.device;
    this.device = null;
    return device;
  }
}
