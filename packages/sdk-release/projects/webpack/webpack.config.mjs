import { createRemoteWebpackConfig } from '@lattice/ui-sdk/webpack';

export default (_env, argv) => createRemoteWebpackConfig({ dir: import.meta.dirname, mode: argv.mode ?? 'production' });
