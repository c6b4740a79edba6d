import { render } from 'preact';
import { App } from './app';

render(<App />, document.getElementById('root')!);

// The shell opens without a network once the service worker has kept it.
if ('serviceWorker' in navigator) void navigator.serviceWorker.register('/driver/sw.js', { scope: '/driver/' });
