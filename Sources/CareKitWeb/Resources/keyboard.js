(function () {
  'use strict';
  var main = document.getElementById('ck-main');
  if (!main) { return; }
  function focusAnchor(hash) {
    var id = hash.replace(/^#/, '');
    if (!/^[A-Za-z0-9_-]+$/.test(id)) { return; }
    var target = document.getElementById(id);
    if (!target || !main.contains(target) || target === main) { return; }
    if (!target.matches('a[href], button, input, select, textarea, summary, [tabindex]')) { target.setAttribute('tabindex', '-1'); }
    target.focus();
  }
  if (location.hash) { focusAnchor(location.hash); }
  main.addEventListener('toggle', function (event) {
    var details = event.target;
    if (!details.open || details.tagName !== 'DETAILS') { return; }
    var field = details.querySelector('input:not([type=hidden]), select, textarea');
    if (!field) { return; }
    field.focus();
    if (field.select) { field.select(); }
  }, true);
  function days(week) { return Array.prototype.slice.call(week.querySelectorAll('button')); }
  function roveWeeks() {
    var weeks = main.querySelectorAll('.ock-week');
    for (var w = 0; w < weeks.length; w++) {
      var week = weeks[w], buttons = days(week);
      if (buttons.length < 2) { continue; }
      var card = week.closest('[aria-label]');
      week.setAttribute('role', 'toolbar');
      if (card) { week.setAttribute('aria-label', card.getAttribute('aria-label')); }
      for (var i = 0; i < week.children.length; i++) { week.children[i].setAttribute('role', 'none'); }
      var shown = week.querySelector('button[aria-current]') || week.querySelector('button.ock-selected') || buttons[0];
      buttons.forEach(function (button) { button.tabIndex = button === shown ? 0 : -1; });
    }
  }
  main.addEventListener('keydown', function (event) {
    var button = event.target.closest ? event.target.closest('.ock-week[role=toolbar] button') : null;
    if (!button || event.altKey || event.ctrlKey || event.metaKey) { return; }
    var week = button.closest('.ock-week'), buttons = days(week), index = buttons.indexOf(button);
    var forward = getComputedStyle(week).direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    var backward = forward === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft';
    var next = { Home: 0, End: buttons.length - 1 }[event.key];
    if (event.key === forward) { next = Math.min(index + 1, buttons.length - 1); }
    if (event.key === backward) { next = Math.max(index - 1, 0); }
    if (next === undefined) { return; }
    event.preventDefault();
    buttons.forEach(function (other, i) { other.tabIndex = i === next ? 0 : -1; });
    buttons[next].focus();
  });
  roveWeeks();
  main.addEventListener('ck-refreshed', roveWeeks);
})();
