/**
 * @module Vitest setup file of the `e2e` project, run before each test file: once the file's own `afterAll`
 * hooks have stopped its Kilns (this hook is registered first, so it runs last), their data directories go.
 */
import { afterAll } from 'vitest';
import { removeDataDirsMade } from './harness';

afterAll(() => removeDataDirsMade());
