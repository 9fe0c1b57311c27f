/** @module The security scan before publishing (securityScan). */
import { securityScan } from '../../security-scan/index';
import { type GraphQLContext, requireUser } from '../context';
import type { QuerySecurityScanArgs } from '../schema.gen';

export const Query = {
  securityScan: (_: unknown, a: QuerySecurityScanArgs, ctx: GraphQLContext) =>
    securityScan(ctx.db, requireUser(ctx), a, ctx.backend),
};
