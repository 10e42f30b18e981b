// Service worker: precaches the whole site on the first visit so the page works offline after it.
// build.py fills in VERSION (a hash of every file in dist/) and PRECACHE (every file in dist/);
// a new build is a new cache, and every other version is dropped when the new worker activates.
const VERSION = "@VERSION@";
const PRECACHE = [/* @PRECACHE@ */];
const CACHE = `puzzle-viewer-${VERSION}`;

// `cache: "reload"` goes to the server, past the HTTP cache: a host that sends Last-Modified
// without Cache-Control lets the browser keep the previous build's files "fresh" for hours, and a
// plain addAll would fill this build's cache with them.
self.addEventListener("install", (event) => {
  const fresh = PRECACHE.map((url) => new Request(url, { cache: "reload" }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(fresh)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("puzzle-viewer-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// Cache first (the files are versioned by the cache name); a page URL matches whatever its query.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE)
      .then((cache) => cache.match(request, { ignoreSearch: request.mode === "navigate" }))
      .then((hit) => hit || fetch(request)),
  );
});
