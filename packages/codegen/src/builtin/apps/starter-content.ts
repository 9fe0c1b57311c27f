/**
 * The words and icons of the themed starter for each app type (`templates/starter/data/content.json`): what the
 * landing page says, which features it lists and what the about page tells. Real copy for each kind of app, no
 * placeholders. The mobile screens of the generic types use it too.
 * @module
 */
import type { AppType } from '@kiln/core';
import { templateData } from '../templates.ts';

/** The content of one type's starter. Icons are lucide-react export names. */
export interface StarterContent {
  noun: string;
  icon: string;
  eyebrow: string;
  tagline: string;
  cta: string;
  featuresHeading: string;
  features: { icon: string; title: string; text: string }[];
  steps: [string, string, string];
  closingHeading: string;
  closingText: string;
  about: { heading: string; text: string; facts: { label: string; value: string }[] };
}

export const STARTER_CONTENT =
  templateData<Readonly<Record<AppType | 'LINK_IN_BIO', StarterContent>>>('starter/data/content.json');
