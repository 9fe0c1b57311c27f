/** @module Hosting published apps (issue 15): the production build, the live-app cache and fast page serving. */
export { CompressedAssets, precompressAssets } from './assets';
export {
  type BuiltDocument,
  bestBrotli,
  buildDocument,
  compileForDeployment,
  documentEtag,
  minifyCss,
  minifyModuleBody,
} from './build';
export { hostingChanged, type LiveApp, LiveApps } from './live-apps';
export {
  type PrerenderJob,
  type PrerenderOutcome,
  prerenderDeployment,
  prerenderRoutes,
  withPrerenderedRoot,
} from './prerender';
export {
  chunkResponse,
  documentResponse,
  etagMatches,
  fastPage,
  NOT_PAGE_PREFIXES,
  pageDocument,
  pagePath,
  preferredEncoding,
  writePage,
} from './serve';
