'use strict';
const CACHE = 'carekit-pages-v1';
self.addEventListener('install', function () { self.skipWaiting(); });
self.addEventListener('activate', function (event) { event.waitUntil(self.clients.claim()); });
self.addEventListener('fetch', function (event) {
  var request = event.request;
  if (request.method !== 'GET') { return; }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin || /^\/(live|calendar|sw\.js)/.test(url.pathname)) { return; }
  var keep = !/^\/(settings|report|lock|unlock)/.test(url.pathname) && !request.headers.get('X-CareKit-Fragment');
  event.respondWith(fetch(request).then(function (response) {
    if (response.headers.get('X-CareKit-Lock')) {
      return caches.delete(CACHE).then(function () { return response; });
    }
    if (keep && response.ok && response.type === 'basic' && !response.redirected) {
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
    }
    return response;
  }).catch(function () {
    if (!keep) { return Response.error(); }
    return caches.open(CACHE).then(function (cache) {
      return cache.match(request).then(function (hit) { return hit || cache.match(request, { ignoreSearch: true }); });
    }).then(function (hit) { return hit || Response.error(); });
  }));
});
