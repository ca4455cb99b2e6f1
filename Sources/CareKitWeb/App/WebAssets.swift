/// The app shell's stylesheet, script and icon, shipped by the server (nothing fetched elsewhere).
enum WebAssets {
    /// The browser tab's icon: a heart on a rounded square of the app's tint (a CSS colour).
    static func favicon(tint: String) -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="\(tint)"/>\
        <path fill="#fff" d="M32 53C14 41 8 32 8 23c0-8 6-13 12.5-13 5 0 9 3 11.5 7 2.5-4 6.5-7 11.5-7C50 10 56 15 56 23c0 9-6 18-24 30z"/></svg>

        """
    }

    static let css = """
        html { scroll-padding-top: calc(3.25rem + 24px); }
        .ck-skip-link { position: absolute; inset-inline-start: -9999px; top: 8px; background: var(--ock-color-secondary-custom-grouped-background); color: var(--ock-color-label); padding: 8px 12px; border-radius: 8px; z-index: 10; }
        .ck-skip-link:focus { inset-inline-start: 8px; }
        .ck-app-header { position: sticky; top: 0; z-index: 5; display: flex; flex-wrap: wrap; align-items: center; gap: 8px 16px; padding: 10px 16px; background: color-mix(in srgb, var(--ock-color-custom-grouped-background) 85%, transparent); backdrop-filter: saturate(180%) blur(16px); -webkit-backdrop-filter: saturate(180%) blur(16px); border-bottom: 0.5px solid var(--ock-color-separator); }
        .ck-app-title { font-weight: 700; font-size: 1.1875rem; letter-spacing: -0.01em; color: var(--ock-color-label); text-decoration: none; white-space: nowrap; }
        .ck-app-header nav { margin-inline-start: auto; min-width: 0; max-width: 100%; }
        .ck-tabs { display: flex; flex-wrap: wrap; gap: 4px; list-style: none; margin: 0; padding: 3px; background: var(--ock-color-custom-fill, rgb(120 120 128 / 0.12)); border-radius: 10px; }
        .ck-tab { display: block; padding: 6px 14px; border-radius: 8px; color: var(--ock-color-label); text-decoration: none; font-weight: 600; font-size: 0.875rem; white-space: nowrap; }
        .ck-tab:hover { background: rgb(120 120 128 / 0.12); }
        .ck-tab[aria-current="page"] { background: var(--ock-color-secondary-custom-grouped-background); color: var(--ock-tint, var(--ock-color-custom-blue)); box-shadow: 0 1px 3px rgb(0 0 0 / 0.12); }
        .ck-main { outline: none; overflow-wrap: break-word; }
        .ck-main :is(h1, h2, h3) { overflow-wrap: anywhere; }
        .ck-main > .ock-card-list, .ck-main > .ck-section, .ck-main > .ock-view { width: 100%; }
        .ck-main > * + * { margin-top: 16px; }
        .ck-main { display: flex; flex-direction: column; align-items: stretch; max-width: 720px; }
        .ck-page-heading { margin: 4px 4px 0; }
        .ck-week-pager { display: flex; flex-wrap: wrap; gap: 0 4px; justify-content: space-between; align-items: center; margin: 8px 0 0; }
        .ck-week-link { color: var(--ock-tint, var(--ock-color-custom-blue)); font-weight: 600; text-decoration: none; padding: 10px 4px; min-height: 44px; box-sizing: border-box; display: inline-flex; align-items: center; }
        .ck-week-link[aria-current] { color: var(--ock-color-secondary-label); }
        .ck-main > .ck-week-pager + * { margin-top: 8px; }
        .ck-page-title { font-size: 1.875rem; line-height: 1.15; font-weight: 800; letter-spacing: -0.02em; margin: 0; }
        .ck-page-subtitle { margin: 4px 0 0; color: var(--ock-color-secondary-label); font-size: 0.9375rem; }
        .ock-empty-page { text-align: center; color: var(--ock-color-secondary-label); padding: 32px 16px; margin: 0; }
        .ock-card-list { max-width: none; }
        .ck-section-heading, .ock-section-heading { font-size: 1.25rem; font-weight: 700; margin: 12px 4px 4px; }
        .ock-contacts-list { gap: 12px; }
        .ck-card-heading { font-size: 1.0625rem; margin: 0; }
        .ck-report-form p { margin: 0; }
        .ck-range-form, .ck-report-form { padding: 16px; display: flex; flex-wrap: wrap; gap: 12px; align-items: end; }
        .ck-report-form { flex-direction: column; flex-wrap: nowrap; align-items: stretch; }
        .ck-report-range, .ck-report-buttons { display: flex; flex-wrap: wrap; gap: 12px; align-items: end; }
        .ck-range-form label, .ck-report-form label { display: flex; flex-direction: column; gap: 4px; font-size: 0.8125rem; color: var(--ock-color-secondary-label); font-weight: 600; max-width: 100%; min-width: 0; }
        .ck-main input[type="date"], .ck-main select, .ck-main input[type="text"], .ck-main input[type="number"], .ck-main input[type="password"], .ck-main textarea { font: inherit; font-size: 1rem; color: var(--ock-color-label); background: var(--ock-color-custom-grouped-background); border: 1px solid var(--ock-color-separator); border-radius: 10px; padding: 8px 10px; min-height: 40px; max-width: 100%; box-sizing: border-box; }
        .ck-secondary-button { background: transparent; color: var(--ock-tint, var(--ock-color-custom-blue)); border: 1.5px solid currentColor; border-radius: 12px; padding: 10px 16px; font: inherit; font-weight: 600; cursor: pointer; min-height: 44px; }
        .ck-back { color: var(--ock-tint, var(--ock-color-custom-blue)); font-weight: 600; text-decoration: none; }
        .ck-back::before { content: "‹ "; }
        .ck-schedule { padding: 16px; }
        .ck-section { display: flex; flex-direction: column; gap: 16px; }
        .ck-section > .ck-section-heading { margin-bottom: -4px; }
        .ck-plan-add, .ck-plan-links { display: flex; flex-wrap: wrap; gap: 12px; margin: 16px 0 0; }
        .ck-plan-form, .ck-stop-form, .ck-welcome { padding: 16px; }
        .ck-plan-form .ock-question { margin: 0 0 14px; border: 0; padding: 0; }
        .ck-plan-form .ock-question > input { display: block; width: 100%; max-width: 24em; box-sizing: border-box; }
        .ck-field-error { margin-top: 6px; }
        .ck-schedule h2 { margin: 0 0 8px; font-size: 1.0625rem; }
        .ck-notes { padding: 16px; }
        .ck-notes h2 { margin: 0 0 8px; font-size: 1.0625rem; }
        .ck-notes ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 12px; }
        .ck-note p { margin: 0; }
        .ck-note .ock-hint { margin-top: 2px; }
        .ck-schedule ul { margin: 0; padding-inline-start: 20px; color: var(--ock-color-secondary-label); }
        .ck-error { padding: 16px; }
        .ck-settings { padding: 16px; }
        .ck-settings-form { display: flex; flex-direction: column; gap: 16px; }
        .ck-choices { border: 0; margin: 0; padding: 0; min-width: 0; display: flex; flex-wrap: wrap; gap: 8px; }
        .ck-choices > legend { font-weight: 600; padding: 0; margin-bottom: 8px; }
        .ck-calendar { padding: 16px; display: flex; flex-direction: column; gap: 12px; }
        .ck-calendar p { margin: 0; }
        .ck-calendar-address { display: flex; flex-direction: column; gap: 4px; font-size: 0.8125rem; font-weight: 600; color: var(--ock-color-secondary-label); }
        .ck-calendar-address input { width: 100%; box-sizing: border-box; }
        .ck-subscribe { display: inline-flex; align-items: center; text-decoration: none; }
        .ck-calendar-replace { display: flex; flex-direction: column; gap: 8px; align-items: start; border-top: 0.5px solid var(--ock-color-separator); padding-top: 12px; }
        .ck-footer { margin: 24px 4px; font-size: 0.8125rem; display: flex; flex-wrap: wrap; gap: 8px 20px; }
        .ck-footer a { color: var(--ock-tint, var(--ock-color-custom-blue)); text-decoration: none; font-weight: 600; }
        .ck-reminders:not(:has(:not([hidden]))) { display: none; }
        .ck-notify-status { margin: 0 4px; color: var(--ock-color-secondary-label); font-size: 0.8125rem; }
        .ck-history { padding: 16px; }
        .ck-history h2 { margin: 0; font-size: 1.0625rem; }
        .ck-history h3 { margin: 16px 0 6px; font-size: 0.9375rem; }
        .ck-history-range, .ck-history-empty, .ck-entry-when { margin: 2px 0 0; color: var(--ock-color-secondary-label); font-size: 0.8125rem; }
        .ck-history-entries { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 10px; }
        .ck-entry { border-top: 0.5px solid var(--ock-color-separator); padding-top: 8px; }
        .ck-entry-what { display: flex; flex-wrap: wrap; gap: 4px 12px; align-items: baseline; }
        .ck-entry-event, .ck-entry-question { color: var(--ock-color-secondary-label); font-size: 0.9375rem; }
        .ck-entry-value { font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
        .ck-entry-actions { display: flex; flex-wrap: wrap; gap: 8px; align-items: start; margin-top: 6px; }
        .ck-correct summary { cursor: pointer; min-height: 44px; display: inline-flex; align-items: center; list-style: none; }
        .ck-correct summary::-webkit-details-marker { display: none; }
        .ck-correct[open] summary { margin-bottom: 8px; }
        .ck-link-button { background: none; border: 0; padding: 0 4px; min-height: 44px; font: inherit; font-size: 0.9375rem; color: var(--ock-color-secondary-label); text-decoration: underline; cursor: pointer; }
        .ck-deleted .ck-entry-value { color: var(--ock-color-secondary-label); }
        .ck-deleted-label { font-size: 0.8125rem; font-weight: 700; color: var(--ock-color-secondary-label); text-transform: uppercase; letter-spacing: 0.02em; }
        .ck-confirm-sentence { margin: 0 0 8px; font-size: 1.0625rem; }
        .ck-confirm-buttons { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
        .ck-confirm-form { margin: 0; }
        .ock-button.ck-destructive { background: var(--ock-color-custom-red); color: #fff; }
        /* The dark appearance's red is light: white on it is 3.4:1, on this one 5.8:1. */
        @media (prefers-color-scheme: dark) { .ock-button.ck-destructive { background: #c5221f; } }
        .ck-correct-form { display: flex; flex-wrap: wrap; gap: 8px; align-items: end; }
        .ck-correct-form label { display: flex; flex-direction: column; gap: 4px; font-size: 0.8125rem; color: var(--ock-color-secondary-label); font-weight: 600; }
        .ck-toast { position: fixed; left: 50%; bottom: 24px; transform: translateX(-50%); max-width: min(92vw, 520px); background: var(--ock-color-label); color: var(--ock-color-secondary-custom-grouped-background); padding: 12px 16px; border-radius: 12px; box-shadow: 0 8px 24px rgb(0 0 0 / 0.25); font-size: 0.9375rem; opacity: 0; pointer-events: none; transition: opacity 0.2s; z-index: 20; }
        .ck-toast.ck-visible { opacity: 1; }
        /* Survey forms */
        .ock-survey-form { display: flex; flex-direction: column; gap: 16px; }
        .ock-question { border: 0; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; }
        .ock-question-prompt { font-weight: 600; font-size: 1.0625rem; padding: 0; margin-bottom: 4px; }
        .ock-optional { font-weight: 400; color: var(--ock-color-secondary-label); }
        .ock-number-input { display: flex; align-items: center; gap: 8px; }
        .ock-number-input input { width: 9em; }
        .ock-unit { color: var(--ock-color-secondary-label); font-weight: 600; }
        .ock-hint { margin: 0; font-size: 0.8125rem; color: var(--ock-color-secondary-label); }
        .ock-choices { display: flex; flex-direction: column; gap: 6px; }
        .ock-choices.ock-inline, .ock-scale { flex-direction: row; flex-wrap: wrap; display: flex; gap: 8px; }
        .ock-choice, .ck-choice { display: inline-flex; align-items: center; gap: 8px; padding: 8px 12px; border: 1px solid var(--ock-color-separator); border-radius: 10px; cursor: pointer; min-height: 44px; }
        .ock-choice:has(input:checked), .ck-choice:has(input:checked) { border-color: var(--ock-tint, var(--ock-color-custom-blue)); background: color-mix(in srgb, var(--ock-tint, var(--ock-color-custom-blue)) 10%, transparent); }
        .ock-form-error { margin: 0; padding: 10px 12px; border-radius: 10px; background: color-mix(in srgb, var(--ock-color-custom-red) 12%, transparent); color: var(--ock-color-label); border: 1px solid var(--ock-color-custom-red); }
        .ock-question.ock-invalid input, .ock-question.ock-invalid textarea { border-color: var(--ock-color-custom-red); }
        .ock-form-buttons { display: flex; gap: 12px; align-items: center; flex-wrap: wrap; }
        .ock-secondary-link { color: var(--ock-tint, var(--ock-color-custom-blue)); text-decoration: none; font-weight: 600; padding: 10px 8px; }
        .ock-survey-task-view, .ock-survey-form-view { width: 100%; }
        .ock-survey-answers { display: grid; grid-template-columns: 1fr auto; gap: 6px 16px; margin: 0; }
        .ock-survey-answers dt { color: var(--ock-color-secondary-label); }
        .ock-survey-answers dd { margin: 0; font-weight: 700; font-variant-numeric: tabular-nums; }
        .ock-survey-empty { margin: 0; color: var(--ock-color-secondary-label); }
        :focus-visible { outline: 3px solid var(--ock-tint, var(--ock-color-custom-blue)); outline-offset: 2px; }
        /* Under 40 ems (1280 px at 200% text) the tabs share the width, wrapping where a word does not fit */
        @media (max-width: 40em) {
          .ck-app-header { gap: 8px; padding: 8px 12px; }
          .ck-app-header nav { margin-inline-start: 0; width: 100%; }
          .ck-tabs { width: 100%; box-sizing: border-box; }
          .ck-tabs > li { flex: 1 1 0; min-width: min-content; }
          .ck-tab { overflow-wrap: break-word; padding: 6px 4px; font-size: 0.75rem; line-height: 1.15; text-align: center; white-space: normal; height: 100%; display: flex; align-items: center; justify-content: center; box-sizing: border-box; }
          .ck-page-title { font-size: 1.625rem; }
          html { scroll-padding-top: calc(5.5rem + 32px); }
        }
        @media print { .ck-app-header, .ck-skip-link, .ck-toast { display: none; } }
        .ck-report-link { color: var(--ock-tint, var(--ock-color-custom-blue)); font-weight: 600; font-size: 0.875rem; text-decoration: none; white-space: nowrap; padding: 6px 4px; min-height: 44px; box-sizing: border-box; display: inline-flex; align-items: center; }
        .ck-lock-form { margin: 0; }
        .ck-lock-button { background: transparent; color: var(--ock-tint, var(--ock-color-custom-blue)); border: 1.5px solid currentColor; border-radius: 10px; padding: 4px 10px; font: inherit; font-weight: 600; font-size: 0.875rem; cursor: pointer; min-height: 32px; }
        .ck-lock { padding: 16px; display: flex; flex-direction: column; gap: 12px; }
        .ck-lock p { margin: 0; }
        .ck-unlock-form { display: flex; flex-direction: column; gap: 12px; align-items: start; max-width: 100%; }
        .ck-passcode .ck-settings-form + .ck-settings-form { border-top: 0.5px solid var(--ock-color-separator); padding-top: 16px; margin-top: 16px; }
        .ck-report-link[aria-current="page"] { color: var(--ock-color-label); text-decoration: underline; text-underline-offset: 4px; }
        @media (max-width: 640px) { .ck-app-header nav { order: 1; } .ck-report-link { margin-inline-start: auto; min-height: 32px; } }
        .ck-report-view { padding: 16px; overflow-wrap: anywhere; }
        @media (max-width: 600px) { .ck-report-view { padding: 12px 8px; } .ck-report-view .ck-doc-table th, .ck-report-view .ck-doc-table td { padding: 3px 4px; } }
        .ck-report-view .ck-doc-author { color: var(--ock-color-secondary-label); margin: 0 0 8px; }
        .ck-report-view .ck-doc-subtitle { font-size: 1.125rem; margin: 20px 0 8px; }
        .ck-report-view .ck-doc-paragraph { line-height: 1.5; margin: 6px 0; }
        .ck-report-view .ck-doc-table-box { max-width: 100%; overflow-x: auto; }
        .ck-report-view .ck-doc-table { border-collapse: collapse; width: 100%; font-size: 0.8125rem; margin: 8px 0 16px; }
        .ck-report-view .ck-doc-table th, .ck-report-view .ck-doc-table td { border: 1px solid var(--ock-color-separator); padding: 4px 8px; text-align: start; vertical-align: top; }
        .ck-report-view .ck-doc-chart { margin: 16px 0; max-width: 100%; min-width: 0; margin-inline: 0; }
        """

    /// Progressive enhancement only: without it every button is a form that posts and reloads.
    /// With it, buttons post in the background, the page refreshes in place (keeping focus),
    /// and server-sent events keep every open tab up to date. (``javaScript`` adds the
    /// keyboard's part, ``keyboardScript``.)
    static let appScript = #"""
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
          function refresh() {
            return fetch(location.pathname + location.search, { headers: { 'X-CareKit-Fragment': '1' }, credentials: 'same-origin' })
              .then(function (response) { return response.ok && !locked(response) ? response.text() : null; })
              .then(function (html) { if (html !== null) { swap(html); armReminders(); } });
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
            });
          });
          // Live updates: one connection per browser, however many tabs. The tab holding the
          // lock listens to the server and tells the others through a BroadcastChannel; when it
          // closes, another tab takes over. Each tab then reloads its own content.
          if (!main.hasAttribute('data-ck-live') || !window.EventSource) { return; }
          var channel = window.BroadcastChannel ? new BroadcastChannel('carekit-live') : null;
          if (channel) { channel.onmessage = function () { refresh(); }; }
          function listen() {
            return new Promise(function () {
              // The browser reconnects by itself when a stream ends (the server ends each after a
              // while); a refusal (the server keeps only so many streams) closes it: try again later.
              function connect() {
                var source = new EventSource(main.getAttribute('data-ck-live') + '?since=' + encodeURIComponent(main.getAttribute('data-ck-generation') || '0'));
                source.addEventListener('changed', function () {
                  if (channel) { channel.postMessage('changed'); }
                  refresh();
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
        """#
}
