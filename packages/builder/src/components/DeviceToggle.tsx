import { type LucideIcon, Monitor, Smartphone, Tablet } from 'lucide-react';
import { DEVICES, type Device } from '../devices.ts';
import { Segment, Segmented } from './ui/segmented.tsx';

const ICONS: Record<Device, LucideIcon> = { desktop: Monitor, tablet: Tablet, mobile: Smartphone };

/** Desktop / Tablet / Mobile; Mobile also switches the runtime to mobile mode. */
export function DeviceToggle({ device, onChange }: { device: Device; onChange: (device: Device) => void }) {
  return (
    <Segmented role="group" aria-label="Device">
      {(Object.keys(DEVICES) as Device[]).map((key) => {
        const Icon = ICONS[key];
        const { label, width } = DEVICES[key];
        return (
          <Segment
            key={key}
            type="button"
            aria-pressed={device === key}
            aria-label={label}
            title={`${label} · ${width}px`}
            onClick={() => onChange(key)}
          >
            <Icon size={15} aria-hidden="true" />
            <span className="@max-[760px]:sr-only">{label}</span>
          </Segment>
        );
      })}
    </Segmented>
  );
}
