import { test } from 'node:test';
import assert from 'node:assert/strict';
import { entryKind } from './entry-kind.js';

test('a Module Federation manifest is loaded as one, whatever its content', () => {
  assert.equal(entryKind('http://remote:3001/mf-manifest.json?v=2', '{}'), 'manifest');
});

test("Vite's ES-module entry is told by its import and export statements", () => {
  const vite = 'import{i as _t}from"./assets/index-5aX_rlJr.js";import"./assets/index-CvV96sYc.js";const pt={};async function Lt(s){}export{Lt as get,kt as init};';
  assert.equal(entryKind('http://remote:3002/remoteEntry.js', vite), 'module');
  assert.equal(entryKind('http://remote:3002/remoteEntry.js', 'import React from "react";\nconsole.log(React)'), 'module');
  assert.equal(entryKind('http://remote:3002/remoteEntry.js', 'const base = new URL(".", import.meta.url);'), 'module');
  assert.equal(entryKind('http://remote:3002/remoteEntry.js', 'const a = 1;\nexport default a;'), 'module');
  assert.equal(entryKind('http://remote:3002/remoteEntry.mjs', ''), 'module');
});

test('a classic webpack or Rsbuild entry, dynamic imports and all, is a script', () => {
  const rsbuild = 'var remote_rsbuild;(()=>{var __webpack_modules__={lJ(e,t,r){let o=r("J");t.logAndReport=function(){}}};var i=e=>import(e);self.importScripts&&importScripts("x.js");remote_rsbuild=i})();';
  assert.equal(entryKind('http://remote:3001/remoteEntry.js', rsbuild), 'script');
  // Words that only look like statements: a property, an identifier, text in a string.
  assert.equal(entryKind('/plugins/documents/remoteEntry.js', 'a.exports={};var imported=1;var exporter="export";'), 'script');
});
