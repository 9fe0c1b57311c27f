/** Preview viewports; widths are the spec's canvas sizes (1280, 720, 360). */
export const DEVICES = {
  desktop: { label: 'Desktop', width: 1280, height: null },
  tablet: { label: 'Tablet', width: 720, height: 1024 },
  mobile: { label: 'Mobile', width: 360, height: 760 },
} as const;

export type Device = keyof typeof DEVICES;
