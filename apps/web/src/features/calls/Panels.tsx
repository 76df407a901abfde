import { CALL_MEDIA } from '@orbit/contract';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../i18n';
import { personName } from '../../i18n/names';
import { T } from '../../i18n/texts';
import { Avatar } from '../../ui/Avatar';
import styles from './Calls.module.css';
import type { Tile } from './Tiles';

/** The participants list (docs/product/calls-and-lessons.md#call-screen): picture, name, muted and video, and a pin. */
export function ParticipantsPanel({ tiles, onPin }: { tiles: Tile[]; onPin: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <ul className={styles.people} aria-label={t(T.callParticipants)}>
      {tiles.map((tile) => (
        <li key={tile.id} className={styles.person}>
          <Avatar src={tile.image} name={tile.name} size={36} decorative />
          <span className={styles.personName}>{personName(t, { name: tile.name, isMe: tile.me })}</span>
          {tile.muted && <span className={styles.badge}>{t(T.callMuted)}</span>}
          {!tile.video && <span className={styles.badge}>{t(T.callVideoOff)}</span>}
          {!tile.me && (
            <button type="button" className={styles.linkButton} onClick={() => onPin(tile.id)}>
              {t(T.callPin, { 0: tile.name })}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

export interface DeviceChoice {
  microphone: string | null;
  speaker: string | null;
  camera: string | null;
}

/** The media devices, listed again every 30 s (docs/product/calls-and-lessons.md#lesson-posts device check) and when they change. */
export function useDevices(): MediaDeviceInfo[] {
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  useEffect(() => {
    const media = navigator.mediaDevices;
    if (!media?.enumerateDevices) return;
    const list = () => media.enumerateDevices().then(setDevices, () => undefined);
    void list();
    media.addEventListener?.('devicechange', list);
    const timer = setInterval(list, CALL_MEDIA.deviceCheckMs);
    return () => {
      clearInterval(timer);
      media.removeEventListener?.('devicechange', list);
    };
  }, []);
  return devices;
}

function DeviceSelect({
  label,
  kind,
  devices,
  value,
  onChange,
}: {
  label: string;
  kind: MediaDeviceKind;
  devices: MediaDeviceInfo[];
  value: string | null;
  onChange: (deviceId: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const choices = devices.filter((d) => d.kind === kind && d.deviceId);
  return (
    <div className={styles.setting}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t(T.callDefaultDevice)}</option>
        {choices.map((device, index) => (
          <option key={device.deviceId} value={device.deviceId}>
            {device.label || `${label} ${index + 1}`}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Settings: Microphone, Speakers, and Camera only while the camera is on (docs/product/calls-and-lessons.md#call-screen). */
export function SettingsPanel({
  choice,
  cameraOn,
  onChange,
}: {
  choice: DeviceChoice;
  cameraOn: boolean;
  onChange: (choice: DeviceChoice) => void;
}) {
  const { t } = useTranslation();
  const devices = useDevices();
  return (
    <div className={styles.settings}>
      <DeviceSelect
        label={t(T.callMicrophone)}
        kind="audioinput"
        devices={devices}
        value={choice.microphone}
        onChange={(microphone) => onChange({ ...choice, microphone })}
      />
      <DeviceSelect
        label={t(T.callSpeakers)}
        kind="audiooutput"
        devices={devices}
        value={choice.speaker}
        onChange={(speaker) => onChange({ ...choice, speaker })}
      />
      {cameraOn && (
        <DeviceSelect
          label={t(T.callCamera)}
          kind="videoinput"
          devices={devices}
          value={choice.camera}
          onChange={(camera) => onChange({ ...choice, camera })}
        />
      )}
    </div>
  );
}
