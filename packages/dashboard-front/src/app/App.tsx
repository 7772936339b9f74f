import type { Cube } from '@cubejs-client/core';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, cubeApi, listDashboards, removeDashboard, roleNames, saveDashboard, type Dashboard, type Tile } from './api.js';
import { QueryBuilder } from './QueryBuilder.js';
import { TileView } from './TileView.js';

type Theme = 'light' | 'dark';

function initialTheme(): Theme {
  const stored = localStorage.getItem('lattice-dashboard-theme');
  if (stored === 'light' || stored === 'dark') return stored;
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** The dashboard shown is named in the address (`#<id>`), so a link to it can be shared. */
const linkedId = () => window.location.hash.slice(1) || undefined;

/** Re-lays the tiles in their order, each in the row after the one before it (the grid flows them). */
function ordered(tiles: Tile[]): Tile[] {
  return tiles.map((tile, index) => ({ ...tile, layout: { ...tile.layout, x: 0, y: index } }));
}

export function App() {
  const [theme, setTheme] = useState<Theme>(initialTheme);
  const [cubes, setCubes] = useState<Cube[]>([]);
  const [dashboards, setDashboards] = useState<Dashboard[]>([]);
  const [current, setCurrent] = useState<Dashboard>();
  const [dirty, setDirty] = useState(false);
  const [building, setBuilding] = useState(false);
  const [problem, setProblem] = useState<{ status?: number; message: string }>();
  const [notice, setNotice] = useState<string>();

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    localStorage.setItem('lattice-dashboard-theme', theme);
  }, [theme]);

  const load = useCallback(async (selectId?: string) => {
    try {
      const [meta, list] = await Promise.all([cubeApi.meta(), listDashboards()]);
      setCubes(meta.cubes);
      setDashboards(list);
      const chosen = list.find((entry) => entry._id === selectId) ?? list[0];
      setCurrent(chosen);
      setDirty(false);
    } catch (error) {
      const status = error instanceof ApiError ? error.status : (error as { response?: { status?: number } }).response?.status;
      setProblem({ status, message: (error as Error).message });
    }
  }, []);
  useEffect(() => {
    void load(linkedId());
  }, [load]);
  useEffect(() => {
    if (current?._id && linkedId() !== current._id) window.history.replaceState(null, '', `#${current._id}`);
  }, [current?._id]);

  const change = (update: (dashboard: Dashboard) => Dashboard) => {
    setCurrent((dashboard) => (dashboard ? update(dashboard) : dashboard));
    setDirty(true);
  };
  const save = async () => {
    if (!current) return;
    try {
      const saved = await saveDashboard(current);
      setNotice(current.editable ? 'Saved' : 'Saved as your own copy');
      await load(saved._id);
    } catch (error) {
      setNotice((error as Error).message);
    }
  };

  if (problem) {
    return (
      <main className="page">
        <h1>Dashboards</h1>
        {problem.status === 401 ? (
          <p role="alert">
            You are not logged in. <a href="/">Log in to Lattice</a>, then come back.
          </p>
        ) : (
          <p role="alert">{problem.message}</p>
        )}
      </main>
    );
  }
  if (!current) return <main className="page"><p className="muted">Loading…</p></main>;
  const editable = current.editable !== false || !current._id;
  return (
    <main className="page">
      <header className="toolbar">
        <label className="picker">
          <span className="visually-hidden">Dashboard</span>
          <select
            aria-label="Dashboard"
            value={current._id ?? ''}
            onChange={(event) => {
              setCurrent(dashboards.find((entry) => entry._id === event.target.value));
              setDirty(false);
            }}
          >
            {!current._id && <option value="">{current.title} (new)</option>}
            {dashboards.map((entry) => (
              <option key={entry._id} value={entry._id}>{entry.title}{entry.isDefault ? ' (default)' : entry.editable ? '' : ' (shared)'}</option>
            ))}
          </select>
        </label>
        <input aria-label="Title" className="title" value={current.title} onChange={(event) => change((dashboard) => ({ ...dashboard, title: event.target.value }))} />
        <button type="button" onClick={() => setBuilding(true)}>Add tile</button>
        <button type="button" className="primary" onClick={() => void save()} disabled={!dirty && current.editable !== false}>
          {current.editable === false ? 'Save a copy' : 'Save'}
        </button>
        <button type="button" onClick={() => { setCurrent({ title: 'New dashboard', tiles: [], sharedWithRoles: [], editable: true }); setDirty(true); }}>New</button>
        {current._id && current.editable && (
          <button type="button" onClick={() => void removeDashboard(current._id!).then(() => load())}>Delete</button>
        )}
        <button type="button" aria-label={theme === 'dark' ? 'Light theme' : 'Dark theme'} onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}>
          {theme === 'dark' ? '☀' : '☾'}
        </button>
      </header>
      {editable && (
        <fieldset className="share">
          <legend>Shared with</legend>
          {roleNames.map((role) => (
            <label key={role}>
              <input
                type="checkbox"
                checked={current.sharedWithRoles.includes(role)}
                onChange={(event) =>
                  change((dashboard) => ({ ...dashboard, sharedWithRoles: event.target.checked ? [...dashboard.sharedWithRoles, role] : dashboard.sharedWithRoles.filter((entry) => entry !== role) }))
                }
              />
              {role}s
            </label>
          ))}
          {current._id && <button type="button" onClick={() => void navigator.clipboard?.writeText(window.location.href).then(() => setNotice('Link copied'))}>Copy link</button>}
        </fieldset>
      )}
      {notice && <p className="notice" role="status">{notice}</p>}
      {building && (
        <QueryBuilder
          cubes={cubes}
          onCancel={() => setBuilding(false)}
          onAdd={(tile) => {
            change((dashboard) => ({ ...dashboard, tiles: ordered([...dashboard.tiles, tile]) }));
            setBuilding(false);
          }}
        />
      )}
      {current.tiles.length === 0 && !building && <p className="muted">No tiles yet: add one.</p>}
      <div className="grid">
        {current.tiles.map((tile) => (
          <TileView
            key={tile.id}
            tile={tile}
            dark={theme === 'dark'}
            editable={editable}
            onRemove={() => change((dashboard) => ({ ...dashboard, tiles: ordered(dashboard.tiles.filter((entry) => entry.id !== tile.id)) }))}
            onResize={(wider) =>
              change((dashboard) => ({
                ...dashboard,
                tiles: dashboard.tiles.map((entry) => (entry.id === tile.id ? { ...entry, layout: { ...entry.layout, w: Math.min(12, Math.max(2, entry.layout.w + (wider ? 2 : -2))) } } : entry)),
              }))
            }
            onDropOn={(draggedId) =>
              change((dashboard) => {
                const tiles = [...dashboard.tiles];
                const from = tiles.findIndex((entry) => entry.id === draggedId);
                const to = tiles.findIndex((entry) => entry.id === tile.id);
                if (from < 0 || to < 0) return dashboard;
                const [moved] = tiles.splice(from, 1);
                tiles.splice(to, 0, moved!);
                return { ...dashboard, tiles: ordered(tiles) };
              })
            }
          />
        ))}
      </div>
    </main>
  );
}
