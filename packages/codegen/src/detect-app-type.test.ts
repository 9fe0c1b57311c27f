import { APP_TYPES } from '@kiln/core';
import { describe, expect, it } from 'vitest';
import { detectAppType } from './detect-app-type.ts';

const CASES: [string, ReturnType<typeof detectAppType>][] = [
  ['A landing page that collects leads for my consulting business', 'LEAD_GEN_TOOL'],
  ['A personal website for Jane Doe', 'PERSONAL_WEBSITE'],
  ['An e-commerce store with a shopping cart for sneakers', 'ECOMMERCE_STORE'],
  ['A blog about gardening', 'BLOG_PLATFORM'],
  ['A portfolio website to showcase my design work', 'PORTFOLIO_WEBSITE'],
  ['A social network for dog owners', 'SOCIAL_NETWORK'],
  ['A tic tac toe game', 'GAME'],
  ['An AI tool that summarises meeting transcripts', 'AI_TOOL'],
  ['A budget tracker for my monthly expenses', 'FINANCE_APP'],
  ['A dating app for hikers', 'DATING_APP'],
  ['A todo list app with due dates', 'TODO_LIST_APP'],
  ['A notes app with tags', 'NOTES_APP'],
  ['A photo gallery of my travels', 'GALLERY_APP'],
  ['A CRM to manage my contacts', 'CONTACT_MANAGEMENT'],
  ['A customer satisfaction survey', 'SURVEY_TOOL'],
  ['A trivia quiz about space', 'QUIZ_TOOL'],
  ['An online store for handmade candles', 'ONLINE_STORE'],
  ['A chat app for my team', 'CHAT_APP'],
  ['A feedback form for my restaurant', 'FEEDBACK_TOOL'],
  ['A weather app with a 7 day forecast', 'WEATHER_APP'],
  ['A tool to translate English to Spanish', 'TRANSLATION_TOOL'],
  ['A workout tracker for the gym', 'FITNESS_TRACKER_APP'],
  ['A crypto portfolio tracker for bitcoin', 'CRYPTOCURRENCY_APP'],
  ['A link in bio page for my Instagram', 'LINK_IN_BIO'],
  ['Build me a TODO app', 'TODO_LIST_APP'],
  ['An AI chatbot for customer support', 'AI_TOOL'],
  ['A photography portfolio', 'PORTFOLIO_WEBSITE'],
  ['A page with a contact form for my bakery', null],
  ['hello there', null],
  ['make something cool', null],
];

describe('detectAppType', () => {
  it.each(CASES)('%s → %s', (prompt, expected) => {
    expect(detectAppType(prompt)).toBe(expected);
  });

  it('recognises every app type of the spec and LINK_IN_BIO', () => {
    const covered = new Set(CASES.map(([, t]) => t));
    for (const t of [...APP_TYPES, 'LINK_IN_BIO']) expect(covered.has(t as never), t).toBe(true);
  });
});
