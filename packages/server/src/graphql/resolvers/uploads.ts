/** Public sheets in the builder: a project's submissions as CSV (the Database tab's download button). */
import { KilnError } from '@kiln/core';
import { getProject } from '../../projects';
import { sheetCsv } from '../../uploads/public-sheet';
import { type GraphQLContext, requireUser } from '../context';
import type { QueryPublicSheetCsvArgs } from '../schema.gen';

export const Query = {
  publicSheetCsv: async (_: unknown, a: QueryPublicSheetCsvArgs, ctx: GraphQLContext) => {
    await getProject(ctx.db, requireUser(ctx), a.projectId);
    const branch = a.branch ?? 'main';
    if (branch !== 'main' && branch !== 'development')
      throw new KilnError('validation', 'branch must be main or development.');
    return sheetCsv(ctx.backend, a.projectId, branch, a.sheetId);
  },
};
