/** @module `@/utils/useAuth` as generated code imports it (see `src/kiln/auth.ts`). */
import { useAuth } from '../kiln/auth.ts';

export { useAuth };
export default useAuth;
