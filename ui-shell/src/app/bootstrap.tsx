import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
performance.mark('lattice:render-start');
createRoot(container).render(<App />);
