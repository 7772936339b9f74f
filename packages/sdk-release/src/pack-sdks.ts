// `npx turbo run pack-sdks --filter=@lattice/sdk-release -- <folder>`: writes the tarballs to publish
// (`npm publish <tarball>` each, dependencies first) into <folder> (default: ./sdk-tarballs).
import { resolve } from 'node:path';
import { packPublishedPackages } from './publishable-packages.js';

const destination = resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2] ?? 'sdk-tarballs');
const packed = await packPublishedPackages(destination);
for (const { tarball, files } of packed.values()) console.log(`${tarball} (${files.length} files)`);
