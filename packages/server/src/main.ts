/** @module `npm start`: run Kiln with the environment's configuration until Ctrl-C. */
import { loadConfig } from './config';
import { startKiln } from './kiln';
import { settleAfterStart } from './memory';

const config = loadConfig();
const kiln = await startKiln(config);
console.log(`[kiln] builder at ${kiln.url}  (data: ${config.databaseUrl ? 'PostgreSQL' : config.dataDir})`);
settleAfterStart();

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) process.exit(1);
    closing = true;
    console.log('[kiln] stopping…');
    kiln.close().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}
