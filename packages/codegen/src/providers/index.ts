/**
 * Model providers for `generate`: `createModelProvider(KILN_MODEL, settings)` gives the builtin generator
 * or a real model through the Vercel AI SDK; `describeModels` reports what is configured and reachable.
 * This folder is the only part of `@kiln/codegen` that does network I/O.
 * @module
 */
export { createAiSdkProvider, IMAGES_LEFT_OUT, toModelMessage } from './ai-sdk-provider.ts';
export { createModelProvider } from './create-model-provider.ts';
export type { ModelProviderStatus } from './describe-models.ts';
export { describeModels, PROBE_TIMEOUT_MS } from './describe-models.ts';
export type { ModelProviderName, ModelSettings, ModelSpec } from './model-spec.ts';
export {
  MODEL_PROVIDER_NAMES,
  modelAcceptsImages,
  modelSettingsFromEnv,
  PROVIDER_INFO,
  parseModelSpec,
} from './model-spec.ts';
export { toProviderError } from './provider-errors.ts';
export type { ProviderFinishReason, ProviderStream, UsageReportingProvider } from './provider-stream.ts';
export { reportedUsage } from './provider-stream.ts';
