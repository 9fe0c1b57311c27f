/**
 * @module
 * `@kiln/preview`: the preview protocol, the module compiler, the shell pages and the builder's client.
 * Isomorphic: imports in Node (no DOM needed) and in the browser. The browser runtime itself is built from
 * `src/runtime/` into `dist/` and served at `/_kiln/`.
 */

export {
  AI_IMAGE_MAX_PROMPT,
  AI_IMAGE_PATH,
  aiImageResponse,
  aiImageSvg,
  aiImageUrl,
  imagePrompt,
  imageSource,
  isRealImageSource,
} from './ai-image.ts';
export {
  AUTH_PROVIDERS,
  AUTO_CLOSE_PATH,
  AUTO_SIGN_IN_PATH,
  type AuthProvider,
  autoCloseHtml,
  autoSignInHtml,
  isAuthProvider,
  OAUTH_PROVIDER_NAMES,
  SIGN_IN_POPUP_SIZE,
  VISITOR_AUTH_ERRORS,
  type VisitorAuthError,
} from './auth-pages.ts';
export {
  builtinProjectSource,
  type CatalogueEntry,
  LIBRARY_CATALOGUE,
  libraryFile,
  UI_COMPONENTS,
} from './catalogue.ts';
export {
  type CleanedModule,
  cleanGeneratedCode,
  type ImportKind,
  type ModuleImport,
  replaceArrayConstructors,
} from './clean.ts';
export { PreviewClient } from './client.ts';
export { type CompiledModule, compileModule, JSX_FACTORY, JSX_FRAGMENT, wrapAdjacentJsx } from './compile.ts';
export { PREVIEW_DIST_DIR } from './dist-dir.ts';
export { FONT_FILES, type FontFile, fontFaceCss, fontFamiliesUsed, fontSlug, fontThemeCss } from './fonts.ts';
export { resolveLibSrc } from './lib-src.ts';
export { missingProjectImport, projectModuleExists } from './project-imports.ts';
export {
  type BuilderToPreview,
  type ElementSelectedMessage,
  isBuilderToPreview,
  isPreviewToBuilder,
  type LoadMessage,
  type PreviewMode,
  type PreviewModule,
  type PreviewToBuilder,
  type PreviewUser,
  SANDBOX_TOKEN_HEADER,
  type SelectModeMessage,
} from './protocol.ts';
export { PAGE_CHUNKS_FOLDER, ROOT_ELEMENT_ID } from './runtime/boot.ts';
export {
  type AppBuild,
  type AppChunk,
  type AppShellOptions,
  appBuild,
  appShellHtml,
  escapeHtml,
  previewShellHtml,
  scriptJson,
} from './shell.ts';
