/**
 * @module
 * The boot data a shell page hands the runtime, in `<script type="application/json" id="kiln-boot">`.
 * Shared by the shell generators (server side) and the runtime (browser side).
 */
import type { CompiledModule } from '../compile.ts';
import type { PreviewMode, PreviewModule } from '../protocol.ts';

/** A module as a published app ships it: compiled at publish time, or the compile error. */
export interface AppModule extends Omit<PreviewModule, 'content'> {
  compiled?: CompiledModule;
  compileError?: string;
}

export type BootConfig =
  | { mode: 'preview'; builderOrigin: string; projectId: string; assetBase: string }
  | {
      mode: 'app';
      revisionId: string;
      modules: AppModule[];
      assetBase: string;
      /** Which pages the app shows: its web pages, or (an Expo-only project) its mobile pages, full screen. */
      pages?: PreviewMode;
      /**
       * A build split per page (issue 15): every page with its chunk. A page whose modules are not in
       * `modules` is loaded from its chunk when first shown (page-chunks.ts).
       */
      chunks?: PageChunkRef[];
    };

/** A page of a split build and where its own modules are: `{ modules: AppModule[] }` as JSON at `url`. */
export interface PageChunkRef {
  route: string;
  filePath: string;
  url: string;
}

/** The folder of the asset base a published app's page chunks are served from (`/_kiln/pages/{hash}.json`). */
export const PAGE_CHUNKS_FOLDER = 'pages';

export const BOOT_ELEMENT_ID = 'kiln-boot';
export const ROOT_ELEMENT_ID = 'kiln-root';
export const CSS_ELEMENT_ID = 'kiln-css';
