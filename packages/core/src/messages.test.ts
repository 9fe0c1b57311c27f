import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';

describe('error catalogue (spec §8), verbatim', () => {
  it.each([
    [MESSAGES.somethingWentWrong, 'Something went wrong.'],
    [MESSAGES.errorInGeneratedCode, 'Error in generated code'],
    [MESSAGES.fixIt, 'Fix it'],
    [MESSAGES.uploadTooLarge, 'Upload failed: File too large.'],
    [MESSAGES.uploadFailed, 'Upload failed'],
    [MESSAGES.invalidLibSrc, 'Invalid libSrc'],
    [MESSAGES.invalidRoomId, 'Invalid roomId'],
    [MESSAGES.invalidReactNode, 'Value is not a valid ReactNode'],
    [MESSAGES.treeSitterNotInitialized, 'Tree sitter parser not initialized'],
    [MESSAGES.authNotEnabled, 'Auth is not enabled'],
    [MESSAGES.notSupportedOnWeb, 'is not supported on web'],
    [MESSAGES.cannotGetDefaultFilePathForFile, 'Cannot get default file path for file module type'],
    [
      MESSAGES.sandboxAgentIdsRequired,
      'projectGroupId and projectGroupRevisionId are required for the sandbox environment: AGENT',
    ],
    [MESSAGES.sandboxIdRequired, 'One of projectGroupId or projectGroupRevisionId must be provided'],
    [MESSAGES.pathNotInSourceDir('src/a.ts'), 'Path src/a.ts is not in a known source directory'],
    [
      MESSAGES.pathBadExtension('apps/web/src/a.css'),
      'Path apps/web/src/a.css does not have a valid extension',
    ],
    [
      MESSAGES.invalidInternalRoute('/x'),
      'Path /x is not a valid internal route. It should start with /v0/.',
    ],
    [MESSAGES.featureNotSupportedOnWeb('Haptics'), 'Haptics is not supported on web'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('says secure-store values must be strings and JSON-encoded', () => {
    expect(MESSAGES.secureStoreNotString).toMatch(/must be strings/);
    expect(MESSAGES.secureStoreNotString).toMatch(/JSON-encoding/);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(MESSAGES)).toBe(true);
  });
});
