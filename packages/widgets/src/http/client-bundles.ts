import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { build } from 'esbuild';

const gzipAsync = promisify(gzip);

/** One file the service sends as it is: its bytes, those gzipped, its type and an ETag. */
export interface StaticAsset {
  body: Buffer;
  gzipped: Buffer;
  contentType: string;
  etag: string;
}

export interface ClientBundles {
  /** messenger.js, the loader a site embeds. */
  loader: StaticAsset;
  /** The widget's script and styles, loaded by the frame. */
  widget: StaticAsset;
  styles: StaticAsset;
}

// The browser sources, from src/http (development) and from dist/http (built) alike: the image keeps src/.
const clientDir = new URL('../../src/client/', import.meta.url);

async function asset(body: Buffer, contentType: string): Promise<StaticAsset> {
  return { body, gzipped: await gzipAsync(body, { level: 9 }), contentType, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
}

async function bundle(entry: string): Promise<Buffer> {
  const result = await build({
    entryPoints: [new URL(entry, clientDir).pathname],
    bundle: true,
    minify: true,
    format: 'iife',
    target: ['es2020'],
    write: false,
    legalComments: 'none',
  });
  return Buffer.from(result.outputFiles[0]!.contents);
}

/**
 * The browser code, bundled and minified with esbuild when the service starts (a few tens of milliseconds), so
 * the service needs no build step of its own and always serves the code beside it.
 */
export async function buildClientBundles(): Promise<ClientBundles> {
  const [loader, widget, styles] = await Promise.all([bundle('loader.ts'), bundle('widget.ts'), readFile(new URL('widget.css', clientDir))]);
  return {
    loader: await asset(loader, 'text/javascript; charset=utf-8'),
    widget: await asset(widget, 'text/javascript; charset=utf-8'),
    styles: await asset(styles, 'text/css; charset=utf-8'),
  };
}
