// The pre-rendered page paints first; then the app's code loads in stages, yielding between them, so no single
// task keeps the page from answering a tap for long.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
await import('react-dom/client');
await nextTask();
await import('./theme/system');
await nextTask();
await import('./app/start');

export {};
