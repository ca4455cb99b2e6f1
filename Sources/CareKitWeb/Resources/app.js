(function () {
  'use strict';
  var main = document.getElementById('ck-main');
  var toast = document.getElementById('ck-toast');
  // A control that gets the keyboard's focus is scrolled clear of the sticky header:
  // the scroll padding follows the header's real height (the stylesheet guesses it).
  var header = document.querySelector('.ck-app-header');
  function padUnderHeader() { document.documentElement.style.scrollPaddingTop = Math.ceil(header.getBoundingClientRect().height + 8) + 'px'; }
  if (header) {
    padUnderHeader();
    if (window.ResizeObserver) { new ResizeObserver(padUnderHeader).observe(header); }
  }
  if (!main) { return; }
  // The passcode lock: a page of an unlocked browser leaves for the lock page after the
  // minutes without use, counted again from each change sent (as the server counts them);
  // an answer that says the app is locked leaves at once.
  var lockAfter = Number(main.getAttribute('data-ck-lock-after') || 0) * 1000, lockTimer = null;
  function leaveForLock() { location.replace('/lock?return=' + encodeURIComponent(location.pathname + location.search)); }
  function armLock() {
    if (!lockAfter) { return; }
    clearTimeout(lockTimer);
    lockTimer = setTimeout(leaveForLock, lockAfter);
  }
  function locked(response) {
    if (response.headers.get('X-CareKit-Lock') !== 'locked') { return false; }
    leaveForLock();
    return true;
  }
  armLock();
  var toastTimer = null;
  // The toasts' words, in the page's language: the page passes them on its toast.
  var strings = {};
  try { strings = JSON.parse((toast && toast.getAttribute('data-ck-strings')) || '{}') || {}; } catch (e) { strings = {}; }
  function words(name, values) {
    return String(strings[name] || '').replace(/\{(\w+)\}/g, function (whole, key) { return values && key in values ? values[key] : whole; });
  }
  function say(text) {
    if (!toast) { return; }
    toast.textContent = text;
    toast.classList.add('ck-visible');
    clearTimeout(toastTimer);
    toastTimer = setTimeout(function () { toast.classList.remove('ck-visible'); }, 4000);
  }
  // Where the keyboard is, described so it can be found again in new markup: the form
  // (and the card it returns to, should the form be gone), or the element's id.
  function focusKey() {
    var active = document.activeElement;
    if (!active || !main.contains(active)) { return null; }
    var form = active.closest ? active.closest('form') : null;
    if (form) { return formKey(form); }
    if (active.id) { return { id: active.id }; }
    return null;
  }
  function restoreFocus(key) {
    if (!key) { return; }
    var target = null;
    if (key.form) {
      var forms = main.querySelectorAll('form');
      for (var i = 0; i < forms.length; i++) {
        if (forms[i].getAttribute('action') === key.form) { target = forms[i].querySelector('button, input:not([type=hidden]), select'); break; }
      }
    } else if (key.id) {
      target = document.getElementById(key.id);
    }
    if (!target && key.anchor) { target = document.getElementById(key.anchor); }
    if (target && target.id === key.anchor && !target.hasAttribute('tabindex')) { target.setAttribute('tabindex', '-1'); }
    if (target) { target.focus({ preventScroll: true }); }
  }
  function formKey(form) {
    var anchor = form.querySelector('input[name=anchor]');
    return { form: form.getAttribute('action'), anchor: anchor ? anchor.value : null };
  }
  // What the person is typing into a form survives a refresh: the new markup gets the
  // values (and the focus) of the form being edited.
  var editing = null;
  main.addEventListener('input', function (event) {
    var form = event.target.closest ? event.target.closest('form') : null;
    if (form && !form.classList.contains('ock-form')) { editing = form.getAttribute('action'); }
  });
  main.addEventListener('change', function (event) {
    var form = event.target.closest ? event.target.closest('form') : null;
    if (form && !form.classList.contains('ock-form')) { editing = form.getAttribute('action'); }
  });
  function findForm(action) {
    var forms = main.querySelectorAll('form');
    for (var i = 0; i < forms.length; i++) { if (forms[i].getAttribute('action') === action) { return forms[i]; } }
    return null;
  }
  function fieldsOf(form) {
    var values = [];
    var fields = form.querySelectorAll('input:not([type=hidden]), select, textarea');
    for (var i = 0; i < fields.length; i++) {
      var field = fields[i];
      values.push({ name: field.name, type: field.type, value: field.value, checked: field.checked });
    }
    return values;
  }
  function restoreFields(form, values) {
    var fields = form.querySelectorAll('input:not([type=hidden]), select, textarea');
    for (var i = 0; i < fields.length && i < values.length; i++) {
      var field = fields[i], saved = values[i];
      if (field.name !== saved.name) { continue; }
      if (field.type === 'checkbox' || field.type === 'radio') { field.checked = saved.checked; } else { field.value = saved.value; }
    }
  }
  var savedKey = null;
  function swap(html) {
    var key = savedKey || focusKey();
    var active = document.activeElement;
    var activeName = active && main.contains(active) ? active.name : null;
    var editedForm = editing ? findForm(editing) : null;
    var edited = editedForm ? fieldsOf(editedForm) : null;
    var again = null;
    main.innerHTML = html;
    if (edited) {
      var form = findForm(editing);
      if (form) {
        restoreFields(form, edited);
        again = activeName ? form.querySelector('[name="' + activeName + '"]') : null;
        if (again) { again.focus({ preventScroll: true }); }
      }
    }
    if (!again) { restoreFocus(key); }
    main.dispatchEvent(new CustomEvent('ck-refreshed'));
  }
  // The store's generation the page shows (a tab's page carries it, and so does each refresh
  // of it, as X-CareKit-Generation); live events count the same way. A change is fetched once:
  // not when the page shows it already, nor while a tap or a refresh that will show it is on
  // its way (a tap's own refresh brings the change the live stream then announces).
  var announced = 0, loading = null, posting = 0;
  function shown() { return Number(main.getAttribute('data-ck-generation')) || 0; }
  function refresh() {
    // A change announced before this request is in its answer, whatever the answer says.
    var asked = announced;
    var request = fetch(location.pathname + location.search, { headers: { 'X-CareKit-Fragment': '1' }, credentials: 'same-origin' })
      .then(function (response) {
        if (!response.ok || locked(response)) { return null; }
        var generation = Math.max(asked, Number(response.headers.get('X-CareKit-Generation')) || 0);
        return response.text().then(function (html) {
          swap(html);
          armReminders();
          if (generation > shown()) { main.setAttribute('data-ck-generation', String(generation)); }
        });
      })
      // Unreachable (offline, the app stopped): the page stays as it is until the next change.
      .catch(function () { return null; });
    loading = request;
    function done() {
      if (loading !== request) { return; }
      loading = null;
      catchUp();
    }
    request.then(done);
    return request;
  }
  function catchUp() {
    if (!loading && !posting && announced > shown()) { refresh(); }
  }
  // A change of the store, announced with its generation (none: refresh).
  function follow(generation) {
    if (!(generation > 0)) { refresh(); return; }
    announced = Math.max(announced, generation);
    catchUp();
  }
  // Reminders while the page is open. Times come from the server's clock (the app's, which
  // may be pinned): the offset to the browser's clock is taken once, when the page loads.
  // At each reminder a notification (if the patient allowed them), and at each start and
  // end a refresh, so the cards' due-now and overdue marks follow the clock.
  var offset = null, reminderTimer = null, reminded = {};
  try { reminded = JSON.parse(sessionStorage.getItem('carekit-reminded') || '{}') || {}; } catch (e) { reminded = {}; }
  function canNotify() { return 'Notification' in window; }
  function showNotifyControls() {
    var button = main.querySelector('.ck-notify-button'), status = main.querySelector('.ck-notify-status');
    var permission = canNotify() ? Notification.permission : 'denied';
    if (button) { button.hidden = permission !== 'default'; }
    if (status) { status.hidden = permission !== 'granted'; }
  }
  // Events that started before the page was opened are not announced (silently).
  function remindNow(silently) {
    var list = main.querySelector('.ck-reminder-list');
    if (!list || offset === null) { return; }
    var now = Date.now() + offset;
    var items = list.querySelectorAll('li');
    for (var i = 0; i < items.length; i++) {
      var item = items[i], at = Number(item.getAttribute('data-ck-remind'));
      var key = item.getAttribute('data-ck-event') + '@' + at;
      if (at > now || reminded[key] || Number(item.getAttribute('data-ck-end')) <= now) { continue; }
      reminded[key] = true;
      try { sessionStorage.setItem('carekit-reminded', JSON.stringify(reminded)); } catch (e) {}
      if (!silently && canNotify() && Notification.permission === 'granted') {
        try { new Notification(item.getAttribute('data-ck-title'), { body: item.textContent, tag: key }); } catch (e) {}
      }
    }
  }
  function armReminders() {
    clearTimeout(reminderTimer);
    showNotifyControls();
    var list = main.querySelector('.ck-reminder-list');
    if (!list) { return; }
    var first = offset === null;
    if (first) { offset = Number(list.getAttribute('data-ck-now')) - Date.now(); }
    remindNow(first);
    var now = Date.now() + offset, next = Infinity;
    var items = list.querySelectorAll('li');
    for (var i = 0; i < items.length; i++) {
      ['data-ck-remind', 'data-ck-start', 'data-ck-end'].forEach(function (name) {
        var at = Number(items[i].getAttribute(name));
        if (at > now && at < next) { next = at; }
      });
    }
    if (next === Infinity) { return; }
    // Timers cap at about 24.8 days; a day's events are well within.
    reminderTimer = setTimeout(function () { remindNow(false); refresh(); }, Math.min(next - now, 2147483647));
  }
  document.addEventListener('click', function (event) {
    var button = event.target.closest ? event.target.closest('.ck-notify-button') : null;
    if (!button || !canNotify()) { return; }
    Promise.resolve(Notification.requestPermission()).then(showNotifyControls, showNotifyControls);
  });
  armReminders();
  function reasonOf(text, status) {
    var doc = new DOMParser().parseFromString(text, 'text/html');
    var message = doc.querySelector('.ck-error p');
    return message ? message.textContent : words('failed', { status: String(status) });
  }
  function post(action, body) {
    return fetch(action, {
      method: 'POST', credentials: 'same-origin',
      headers: { 'X-CareKit-Fragment': '1', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: body
    });
  }
  // Installable and offline: the service worker keeps pages to read without a network;
  // a tap that cannot reach the app waits in this device's queue (with its id, so the
  // app applies it once however often it is sent) and is sent when the app answers again.
  if ('serviceWorker' in navigator) { navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(function () {}); }
  var QUEUE = 'carekit-queue';
  function queued() { try { return JSON.parse(localStorage.getItem(QUEUE) || '[]'); } catch (e) { return []; } }
  function saveQueue(items) { try { localStorage.setItem(QUEUE, JSON.stringify(items)); } catch (e) {} }
  function newID() { return window.crypto && crypto.randomUUID ? crypto.randomUUID() : Date.now() + '-' + Math.random().toString(16).slice(2, 10); }
  var flushing = false;
  function flush() {
    var items = queued();
    if (flushing || !items.length) { return Promise.resolve(); }
    flushing = true;
    var item = items[0];
    return post(item.action, item.body).then(function (response) {
      // Locked: the tap stays queued, to be sent once the app is unlocked.
      if (locked(response)) { return 'locked'; }
      saveQueue(queued().filter(function (other) { return other.id !== item.id; }));
      if (!response.ok) { return response.text().then(function (text) { say(words('offlineRefused', { reason: reasonOf(text, response.status) })); }); }
      say(words('offlineSent'));
    }).then(function (result) {
      flushing = false;
      if (result === 'locked') { return; }
      return queued().length ? flush() : refresh();
    }, function () { flushing = false; });
  }
  window.addEventListener('online', flush);
  setInterval(flush, 30000);
  flush();
  document.addEventListener('submit', function (event) {
    var form = event.target;
    if (!form.classList || !form.classList.contains('ock-form') || (form.method || '').toLowerCase() !== 'post') { return; }
    event.preventDefault();
    var button = form.querySelector('button');
    savedKey = focusKey() || formKey(form);
    if (button) { button.setAttribute('aria-disabled', 'true'); }
    var fields = new URLSearchParams(new FormData(form));
    var isTap = /\/events\//.test(new URL(form.action, location.href).pathname);
    if (isTap) { fields.set('request_id', newID()); fields.set('tapped_at', String(Date.now())); }
    var body = fields.toString();
    posting += 1;
    post(form.action, body).then(function (response) {
      armLock();
      if (locked(response)) { return; }
      if (response.ok) { return refresh(); }
      return response.text().then(function (text) { say(reasonOf(text, response.status)); });
    }).catch(function () {
      if (!isTap) { say(words('unreachable')); return; }
      var items = queued();
      items.push({ id: fields.get('request_id'), action: form.action, body: body });
      saveQueue(items);
      if (button) { button.classList.add('ck-queued'); }
      say(words('queued'));
    }).then(function () {
      if (button) { button.removeAttribute('aria-disabled'); }
      savedKey = null;
      posting -= 1;
      catchUp();
    });
  });
  // Live updates: one connection per browser, however many tabs. The tab holding the
  // lock listens to the server and tells the others through a BroadcastChannel; when it
  // closes, another tab takes over. Each tab then reloads its own content, unless it shows the
  // change already.
  if (!main.hasAttribute('data-ck-live') || !window.EventSource) { return; }
  var channel = window.BroadcastChannel ? new BroadcastChannel('carekit-live') : null;
  if (channel) {
    channel.onmessage = function (event) {
      if (event.data === 'closed') { refresh(); } else { follow(Number(event.data)); }
    };
  }
  function listen() {
    return new Promise(function () {
      // The browser reconnects by itself when a stream ends (the server ends each after a
      // while); a refusal (the server keeps only so many streams) closes it: try again later.
      function connect() {
        var source = new EventSource(main.getAttribute('data-ck-live') + '?since=' + encodeURIComponent(main.getAttribute('data-ck-generation') || '0'));
        source.addEventListener('changed', function (event) {
          if (channel) { channel.postMessage(event.data); }
          follow(Number(event.data));
        });
        source.addEventListener('error', function () {
          if (source.readyState !== EventSource.CLOSED) { return; }
          // Refused: the server is busy, or this browser was locked (Lock now in a tab,
          // its minutes passed): every tab looks, and a locked one leaves for the lock page.
          if (channel) { channel.postMessage('closed'); }
          refresh();
          setTimeout(connect, 30000);
        });
      }
      connect();
    });
  }
  if (channel && navigator.locks && navigator.locks.request) {
    navigator.locks.request('carekit-live', listen);
  } else {
    listen();
  }
})();
