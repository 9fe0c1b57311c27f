/**
 * @module
 * `@expo/vector-icons` stand-in: every icon set (`Ionicons`, `MaterialIcons`, `Feather`, …) draws the lucide
 * icon closest to the requested glyph name, loaded on demand from `icons/` beside this file. Unknown glyphs
 * draw a circle, so a screen never fails because of an icon name.
 */
import { type CSSProperties, createElement, useEffect, useState } from 'react';
import { StyleSheet } from 'react-native-web';

/** Glyph names (after prefix/suffix removal) whose lucide icon has another name. */
const SYNONYMS: Record<string, string> = {
  add: 'plus',
  'add-circle': 'circle-plus',
  'alert-circle': 'circle-alert',
  'arrow-back': 'arrow-left',
  'arrow-forward': 'arrow-right',
  'arrow-up-circle': 'circle-arrow-up',
  barbell: 'dumbbell',
  bicycle: 'bike',
  cafe: 'coffee',
  call: 'phone',
  card: 'credit-card',
  cart: 'shopping-cart',
  chatbubble: 'message-circle',
  chatbubbles: 'messages-square',
  'chatbubble-ellipses': 'message-circle-more',
  checkmark: 'check',
  'checkmark-circle': 'circle-check',
  'checkmark-done': 'check-check',
  'chevron-back': 'chevron-left',
  'chevron-forward': 'chevron-right',
  close: 'x',
  'close-circle': 'circle-x',
  cog: 'settings',
  create: 'pencil',
  edit: 'pencil',
  'ellipsis-horizontal': 'ellipsis',
  'ellipsis-h': 'ellipsis',
  'ellipsis-v': 'ellipsis-vertical',
  'dots-vertical': 'ellipsis-vertical',
  'dots-horizontal': 'ellipsis',
  fitness: 'dumbbell',
  grid: 'grid-3x3',
  'help-circle': 'circle-help',
  'information-circle': 'info',
  'lock-closed': 'lock',
  'lock-open': 'lock-open',
  'log-out': 'log-out',
  'musical-notes': 'music',
  notifications: 'bell',
  people: 'users',
  person: 'user',
  'person-circle': 'circle-user',
  'person-add': 'user-plus',
  'play-circle': 'circle-play',
  refresh: 'refresh-cw',
  remove: 'minus',
  restaurant: 'utensils',
  'stats-chart': 'chart-column',
  sunny: 'sun',
  time: 'clock',
  trash: 'trash-2',
  delete: 'trash-2',
  water: 'droplet',
  'account-circle': 'circle-user',
  account: 'user',
  email: 'mail',
  'map-marker': 'map-pin',
  location: 'map-pin',
  'location-on': 'map-pin',
  place: 'map-pin',
  'shopping-bag': 'shopping-bag',
  favorite: 'heart',
  'favorite-border': 'heart',
  'thumbs-up': 'thumbs-up',
  share: 'share-2',
  'share-social': 'share-2',
  'more-vert': 'ellipsis-vertical',
  'more-horiz': 'ellipsis',
  'more-horizontal': 'ellipsis',
  'arrow-left': 'arrow-left',
  navigate: 'navigation',
  wallet: 'wallet',
  'bar-chart': 'chart-bar',
  'pie-chart': 'chart-pie',
  'line-chart': 'chart-line',
  'trending-up': 'trending-up',
  'calendar-outline': 'calendar',
  'calendar-today': 'calendar',
  event: 'calendar',
  book: 'book-open',
  school: 'graduation-cap',
  flash: 'zap',
  flame: 'flame',
  planet: 'globe',
  earth: 'globe',
  airplane: 'plane',
  'home-variant': 'house',
  home: 'house',
  'settings-sharp': 'settings',
  options: 'sliders-horizontal',
  'filter-list': 'list-filter',
  sort: 'arrow-up-down',
  'image-outline': 'image',
  images: 'images',
  videocam: 'video',
  mic: 'mic',
  'volume-high': 'volume-2',
  'cloud-upload': 'cloud-upload',
  'cloud-download': 'cloud-download',
  download: 'download',
  attach: 'paperclip',
  link: 'link',
  'qr-code': 'qr-code',
  scan: 'scan',
  key: 'key',
  'shield-checkmark': 'shield-check',
  warning: 'triangle-alert',
  alert: 'triangle-alert',
  error: 'circle-alert',
  info: 'info',
  help: 'circle-help',
  bookmark: 'bookmark',
  pricetag: 'tag',
  pricetags: 'tags',
  gift: 'gift',
  trophy: 'trophy',
  medal: 'medal',
  ribbon: 'award',
  rocket: 'rocket',
  bulb: 'lightbulb',
  paw: 'paw-print',
  leaf: 'leaf',
  nutrition: 'apple',
  pizza: 'pizza',
  beer: 'beer',
  wine: 'wine',
  'car-sport': 'car',
  bus: 'bus',
  train: 'train-front',
  boat: 'sailboat',
  walk: 'footprints',
  moon: 'moon',
  'partly-sunny': 'cloud-sun',
  rainy: 'cloud-rain',
  snow: 'snowflake',
  thunderstorm: 'cloud-lightning',
  cloudy: 'cloud',
  stopwatch: 'timer',
  timer: 'timer',
  alarm: 'alarm-clock',
  hourglass: 'hourglass',
  newspaper: 'newspaper',
  document: 'file',
  'document-text': 'file-text',
  documents: 'files',
  folder: 'folder',
  clipboard: 'clipboard',
  list: 'list',
  'reorder-three': 'menu',
  apps: 'layout-grid',
  albums: 'gallery-horizontal',
  'eye-off': 'eye-off',
  eye: 'eye',
  send: 'send',
  'paper-plane': 'send',
  globe: 'globe',
  language: 'languages',
  'logo-github': 'github',
  'logo-twitter': 'twitter',
  'logo-instagram': 'instagram',
  'logo-facebook': 'facebook',
  'logo-youtube': 'youtube',
  'logo-linkedin': 'linkedin',
};

/** The lucide icon file for a vector-icons glyph name: `ios-home-outline` → `house`. */
export function lucideFileFor(glyph: string): string {
  const name = glyph
    .toLowerCase()
    .replace(/_/g, '-')
    .replace(/^(?:ios|md|logo(?=-))-(?!.*logo)/, '');
  const candidates = [
    name,
    name.replace(/-(?:outline|sharp|outlined|rounded|o|alt|fill|filled|variant)$/, ''),
  ];
  for (const c of candidates) if (SYNONYMS[c]) return SYNONYMS[c];
  return candidates[1] ?? name;
}

const iconUrl = (file: string) => new URL(`../icons/${file}.js`, import.meta.url).href;
const loaded = new Map<string, Promise<unknown>>();

function loadLucide(file: string): Promise<unknown> {
  let p = loaded.get(file);
  if (!p) {
    p = import(/* @vite-ignore */ iconUrl(file)).then(
      (m: { default: unknown }) => m.default,
      () => (file === 'circle' ? undefined : loadLucide('circle')),
    );
    loaded.set(file, p);
  }
  return p;
}

interface IconProps {
  name: string;
  size?: number;
  color?: string;
  style?: unknown;
  testID?: string;
}

function makeSet(setName: string) {
  // Not a hook factory: one component per icon set, made once at module load.
  function Icon({ name, size = 24, color = 'black', style, testID }: IconProps) {
    const file = lucideFileFor(String(name ?? ''));
    const [icon, setIcon] = useState<unknown>(undefined);
    useEffect(() => {
      let live = true;
      void loadLucide(file).then((c) => {
        if (live) setIcon(() => c);
      });
      return () => {
        live = false;
      };
    }, [file]);
    const flat = (StyleSheet.flatten(style as never) ?? {}) as CSSProperties;
    const box: CSSProperties = { display: 'inline-flex', width: size, height: size, flexShrink: 0, ...flat };
    return createElement(
      'span',
      { style: box, 'data-icon': `${setName}:${name}`, 'data-testid': testID },
      icon ? createElement(icon as never, { size, color, strokeWidth: 2 }) : null,
    );
  }
  Object.defineProperty(Icon, 'name', { value: setName });
  return Icon;
}

export const Ionicons = makeSet('Ionicons');
export const MaterialIcons = makeSet('MaterialIcons');
export const MaterialCommunityIcons = makeSet('MaterialCommunityIcons');
export const FontAwesome = makeSet('FontAwesome');
export const FontAwesome5 = makeSet('FontAwesome5');
export const FontAwesome6 = makeSet('FontAwesome6');
export const Feather = makeSet('Feather');
export const AntDesign = makeSet('AntDesign');
export const Entypo = makeSet('Entypo');
export const EvilIcons = makeSet('EvilIcons');
export const Octicons = makeSet('Octicons');
export const SimpleLineIcons = makeSet('SimpleLineIcons');
export const Foundation = makeSet('Foundation');
export const Fontisto = makeSet('Fontisto');
export const Zocial = makeSet('Zocial');
