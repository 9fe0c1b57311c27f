/**
 * @module
 * The JSX factory generated code is compiled against (`__kiln_jsx`). It is React.createElement, except that
 * an unknown lowercase tag (`<foo>`, which a model sometimes invents) renders as a fragment of its children
 * (spec §5 cleaning rule), instead of an unknown DOM element with stray attributes, and an image without a
 * real source gets the placeholder URL (spec §2).
 */
import { createElement, Fragment, type ReactNode } from 'react';
import { isImageType, withImageSource } from './images.ts';

const HTML =
  'a abbr address area article aside audio b base bdi bdo blockquote body br button canvas caption cite code col colgroup data datalist dd del details dfn dialog div dl dt em embed fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe img input ins kbd label legend li link main map mark menu meta meter nav noscript object ol optgroup option output p param picture pre progress q rp rt ruby s samp script search section select slot small source span strong style sub summary sup table tbody td template textarea tfoot th thead time title tr track u ul var video wbr center font marquee big strike tt';
const SVG =
  'svg animate animateMotion animateTransform circle clipPath defs desc ellipse feBlend feColorMatrix feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting feDisplacementMap feDistantLight feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR feGaussianBlur feImage feMerge feMergeNode feMorphology feOffset fePointLight feSpecularLighting feSpotLight feTile feTurbulence filter foreignObject g image line linearGradient marker mask metadata mpath path pattern polygon polyline radialGradient rect set stop switch symbol text textPath tspan use view math';

const KNOWN_TAGS = new Set([...HTML.split(' '), ...SVG.split(' ')]);

/** True for tags React should render as DOM elements: known HTML/SVG tags and custom elements (`my-el`). */
export function isKnownTag(tag: string): boolean {
  return KNOWN_TAGS.has(tag) || tag.includes('-') || !/^[a-z]/.test(tag);
}

/** `React.createElement` with unknown lowercase tags turned into fragments. */
export function kilnJsx(type: unknown, props: Record<string, unknown> | null, ...children: ReactNode[]) {
  // The common case first: a known DOM tag (not an image) needs nothing but the Date check below.
  if (typeof type === 'string') {
    if (type === 'img') props = withImageSource(type, props);
    else if (!isKnownTag(type)) {
      const key = props && 'key' in props ? (props.key as string) : undefined;
      return createElement(Fragment, key === undefined ? null : { key }, ...children);
    }
  } else if (isImageType(type)) {
    // Images without a real source show Kiln's placeholder for their alt text (runtime/images.ts).
    props = withImageSource(type, props);
  }
  // A Date as a child (`Member since {user.joined}`) would fail the whole render; show it as text.
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (child instanceof Date) children[i] = child.toLocaleDateString();
  }
  // biome-ignore lint/suspicious/noExplicitAny: the factory forwards whatever the generated code passed.
  return createElement(type as any, props, ...children);
}
