/**
 * What the phone app shows when it is opened offline before the app itself was ever kept: no script (the
 * page's CSP allows none inline), a link that tries again.
 */
export const offlinePage = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="color-scheme" content="light dark" />
    <title>Offline · Lattice</title>
    <style>
      body { font-family: system-ui, sans-serif; margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 1rem; box-sizing: border-box; }
      main { max-width: 26rem; text-align: center; }
      a { display: inline-block; margin-top: 1rem; padding: 0.6rem 1.2rem; border-radius: 0.4rem; background: #4338ca; color: #fff; text-decoration: none; }
    </style>
  </head>
  <body>
    <main>
      <h1>You are offline</h1>
      <p>Lattice needs a connection to open for the first time. Check your connection and try again.</p>
      <a href="/mobile-app/">Try again</a>
    </main>
  </body>
</html>
`;
