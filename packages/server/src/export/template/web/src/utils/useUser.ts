/** @module `@/utils/useUser` as generated code imports it (see `src/kiln/auth.ts`). */
import { useUser } from '../kiln/auth.ts';

export { useUser };
export default useUser;
