import { describe, expect, it } from 'vitest';
import { FailedCapture, isMediaAlert, mediaAlert, mediaTrouble } from './mediaError';

const thrown = (name: string) => new DOMException('capture failed', name);

describe('a camera or microphone that could not start', () => {
  it('tells none present, refused and in use apart by the browser’s error', () => {
    expect(mediaTrouble(thrown('NotFoundError'))).toBe('missing');
    expect(mediaTrouble(thrown('OverconstrainedError'))).toBe('missing');
    expect(mediaTrouble(thrown('NotAllowedError'))).toBe('refused');
    expect(mediaTrouble(thrown('NotReadableError'))).toBe('busy');
  });

  it('names the device in its alert, which a retry can clear', () => {
    const alert = mediaAlert(thrown('NotAllowedError'), 'camera', 'stream.no_webcam');
    expect(alert).toBe('media.camera_refused');
    expect(isMediaAlert(alert)).toBe(true);
    expect(mediaAlert(thrown('NotFoundError'), 'microphone', 'x')).toBe('media.microphone_missing');
    expect(mediaAlert(thrown('NotReadableError'), 'microphone', 'x')).toBe('media.microphone_busy');
  });

  it('keeps the caller’s alert for an error that is no device’s', () => {
    expect(mediaTrouble('Ooops: 500 negotiation failed')).toBeNull();
    expect(mediaAlert(new Error('sdp'), 'microphone', 'stream.webrtc_error')).toBe('stream.webrtc_error');
    expect(isMediaAlert('stream.webrtc_error')).toBe(false);
    expect(isMediaAlert(null)).toBe(false);
  });

  it('remembers the device that failed for one retry, and nothing for a failure that is no device’s', () => {
    const failed = new FailedCapture();
    expect(failed.alertFor(thrown('NotReadableError'), 'camera', 'stream.no_webcam')).toBe(
      'media.camera_busy',
    );
    expect(failed.take()).toBe('camera');
    expect(failed.take()).toBeNull();
    failed.alertFor(new Error('sdp'), 'microphone', 'stream.webrtc_error');
    expect(failed.take()).toBeNull();
  });
});
