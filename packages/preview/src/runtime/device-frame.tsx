/**
 * @module
 * The phone the mobile preview (`mode: 'mobile'`) draws around Expo pages: a screen of the spec's mobile
 * viewport (360 × 720), a status bar in the top safe-area inset and a home indicator in the bottom one
 * (core's tablet safe-area insets, which `react-native-safe-area-context` reports to the page).
 */
import { TABLET_SAFE_AREA_INSETS, VIEWPORT } from 'kiln:core';
import type { ReactNode } from 'react';

/** `data-kiln-screen`: the scrolling screen element, also the container `#anchor` links scroll inside. */
export const SCREEN_ATTRIBUTE = 'data-kiln-screen';

export function DeviceFrame({ children }: { children: ReactNode }) {
  const insets = TABLET_SAFE_AREA_INSETS;
  return (
    <div
      data-kiln-device="phone"
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: '#e5e7eb',
        padding: 16,
        boxSizing: 'border-box',
      }}
    >
      <div
        style={{
          position: 'relative',
          width: VIEWPORT.mobileWidth,
          height: VIEWPORT.height,
          borderRadius: 44,
          border: '10px solid #111827',
          background: '#fff',
          overflow: 'hidden',
          boxShadow: '0 20px 40px rgba(0,0,0,.25)',
          flexShrink: 0,
        }}
      >
        <div
          {...{ [SCREEN_ATTRIBUTE]: '' }}
          style={{
            position: 'absolute',
            inset: 0,
            overflowY: 'auto',
            overflowX: 'hidden',
            display: 'flex',
            flexDirection: 'column',
            // Positioned children (modals, absolute overlays) stay inside the screen.
            transform: 'translateZ(0)',
          }}
        >
          {children}
        </div>
        <div
          aria-hidden
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            right: 0,
            height: insets.top,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            padding: '0 28px',
            font: '600 14px system-ui, sans-serif',
            color: '#111827',
            pointerEvents: 'none',
            zIndex: 2147483647,
          }}
        >
          <span>9:41</span>
          <span style={{ width: 90, height: 26, borderRadius: 13, background: '#111827' }} />
          <span>100%</span>
        </div>
        <div
          aria-hidden
          style={{
            position: 'absolute',
            bottom: Math.max(0, insets.bottom / 2 - 3),
            left: '50%',
            width: 120,
            height: 5,
            marginLeft: -60,
            borderRadius: 3,
            background: '#111827',
            pointerEvents: 'none',
            zIndex: 2147483647,
          }}
        />
      </div>
    </div>
  );
}
