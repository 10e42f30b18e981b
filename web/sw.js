// Service worker: precaches the whole site on the first visit so the page works offline after it.
// build.py fills in VERSION (a hash of every file in dist/) and PRECACHE (every file in dist/);
// a new build is a new cache, and this site's other versions are dropped when it activates.
//
// Caches are named by version and by the worker's scope: GitHub Pages serves all of a user's
// project sites (and forks) from one origin, and one origin has one Cache Storage, so two builds at
// /a/ and /b/ each keep their own cache and drop only their own old ones.
// The cache fills on fetch too, and refills whole when it has gone (the browser or the reader
// cleared it): one visit online brings offline use back, without waiting for the next build.
const VERSION = "@VERSION@";
const PRECACHE = [/* @PRECACHE@ */];
const SCOPE = new URL(self.registration.scope).pathname;
const PREFIX = "puzzle-viewer-";
const CACHE = `${PREFIX}${VERSION}-${SCOPE}`;
const FILES = new Set(PRECACHE.map((url) => new URL(url, self.registration.scope).href));

/** This site's caches (any version) and the unscoped ones of the builds before caches had a
 * scope ("puzzle-viewer-" and a version, nothing after). */
const ours = (name) => name.startsWith(PREFIX) && (name.endsWith(`-${SCOPE}`) || !name.slice(PREFIX.length).includes("/"));

// `cache: "no-cache"` asks the server whether the HTTP cache's copy is current: a host that sends
// Last-Modified without Cache-Control lets the browser keep the previous build's files "fresh" for
// hours, and a plain addAll would fill this build's cache with them. A current copy (the first
// visit has just downloaded every file the page started with) comes back as a 304 with no body,
// so the precache does not download the 11 MB runtime a second time (issue 46).
const precache = () => caches.open(CACHE)
  .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "no-cache" }))));

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => ours(k) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

/** Where a request's answer is cached: a page URL whatever its query (the puzzle), a module
 * whatever its `?v=` (build.py stamps module URLs with the build, for the HTTP cache's sake). */
function cacheKey(request) {
  const url = new URL(request.url);
  if (request.mode === "navigate" || url.searchParams.has("v")) url.search = "";
  return url.href;
}

let refilling = null;   // the precache running again after the cache went

/** Cache first; a miss goes to the network and, when it is one of this build's files, fills
 * the cache. A cache that has gone is filled again whole, in the background. */
async function answer(event) {
  const request = event.request;
  const key = cacheKey(request);
  let cache = null;
  try {
    if (!refilling && !(await caches.has(CACHE))) {
      refilling = precache().catch(() => {}).finally(() => { refilling = null; });
      event.waitUntil(refilling);
    }
    cache = await caches.open(CACHE);
    const hit = await cache.match(key);
    if (hit) return hit;
  } catch {
    // Cache Storage denied or broken: the network alone
  }
  const response = await fetch(request);
  const file = FILES.has(key) || (request.mode === "navigate" && FILES.has(key.replace(/index\.html$/, "")));
  if (cache && file && response.ok && response.type === "basic") {
    event.waitUntil(cache.put(key, response.clone()).catch(() => {}));
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(answer(event));
});
