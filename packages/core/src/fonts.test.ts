import { describe, expect, it } from 'vitest';
import { fontClass } from './constants';
import { FONT_FAMILIES, fontFamilyOfClass, isFontFamily } from './fonts';

describe('font families', () => {
  it('include the spec typography fonts, Inter and Instrument Sans', () => {
    expect(isFontFamily('Inter')).toBe(true);
    expect(isFontFamily('Instrument Sans')).toBe(true);
    expect(isFontFamily('Comic Sans')).toBe(false);
  });
  it('map every family to its font-{name} class and back', () => {
    for (const { family } of FONT_FAMILIES) expect(fontFamilyOfClass(fontClass(family))).toBe(family);
    expect(fontFamilyOfClass('font-space-grotesk')).toBe('Space Grotesk');
    expect(fontFamilyOfClass('font-bold')).toBeUndefined();
  });
});
