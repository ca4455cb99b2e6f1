/// The one stylesheet every page with CareKitUI views includes (``OCKHTMLDocument`` does).
///
/// It declares the default style (``OCKStyle``) as CSS custom properties for the light and the
/// dark appearance (`prefers-color-scheme`, or forced with the classes `ock-scheme-light` and
/// `ock-scheme-dark`), and the rules of every view. Views with a custom style override
/// properties on their own root element.
public enum OCKStyleSheet {
    /// The stylesheet.
    public static let css: String = variables + rules

    /// Declarations of the default style for one appearance.
    static func declarations(_ appearance: OCKStyleProperties.Appearance) -> String {
        OCKStyleProperties.properties(of: OCKStyle(), appearance: appearance)
            .map { "  " + $0.declaration + ";" }
            .joined(separator: "\n")
    }

    static let variables: String = """
        :root, .ock-scheme-light {
          color-scheme: light;
        \(declarations(.light))
        }
        @media (prefers-color-scheme: dark) {
          :root {
            color-scheme: dark;
        \(declarations(.dark).split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
          }
        }
        .ock-scheme-light {
          color-scheme: light;
        \(declarations(.light))
        }
        .ock-scheme-dark {
          color-scheme: dark;
        \(declarations(.dark))
        }

        """

    static let rules: String = """
        :root { --ock-font: -apple-system, BlinkMacSystemFont, "SF Pro Text", "Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, system-ui, sans-serif; }
        .ock-page { margin: 0; min-height: 100vh; background: var(--ock-color-custom-grouped-background); color: var(--ock-color-label); font-family: var(--ock-font); font-size: var(--ock-dimension-point-size1); line-height: 1.35; -webkit-font-smoothing: antialiased; -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
        .ock-scheme-light, .ock-scheme-dark { background: var(--ock-color-custom-grouped-background); color: var(--ock-color-label); }
        .ock-page-content { box-sizing: border-box; max-width: 1180px; margin: 0 auto; padding: 24px 16px 48px; }
        .ock-card-grid { display: grid; gap: 16px; grid-template-columns: repeat(auto-fill, minmax(min(100%, 320px), 1fr)); align-items: start; }
        .ock-card-list { display: flex; flex-direction: column; gap: 16px; max-width: 640px; }

        /* Cards */
        .ock-card, .ock-card-disabled { box-sizing: border-box; font-family: var(--ock-font); color: var(--ock-color-label); text-align: start; min-width: 0; }
        .ock-card *, .ock-card *::before, .ock-card *::after, .ock-card-disabled *, .ock-card-disabled *::before, .ock-card-disabled *::after { box-sizing: border-box; }
        .ock-card { position: relative; background: var(--ock-color-secondary-custom-grouped-background); border-radius: var(--ock-appearance-corner-radius1); box-shadow: var(--ock-appearance-shadow-offset1-width) var(--ock-appearance-shadow-offset1-height) calc(var(--ock-appearance-shadow-radius1) * 2) rgb(0 0 0 / var(--ock-appearance-shadow-opacity1)), 0 0 0 0.5px rgb(0 0 0 / 0.04); overflow: hidden; }
        .ock-card-padded { padding: var(--ock-dimension-directional-insets1-top) var(--ock-dimension-directional-insets1-trailing) var(--ock-dimension-directional-insets1-bottom) var(--ock-dimension-directional-insets1-leading); padding-inline: var(--ock-dimension-directional-insets1-leading) var(--ock-dimension-directional-insets1-trailing); }
        .ock-style-scope { display: contents; }

        /* Stacks */
        .ock-stack { display: flex; gap: var(--ock-dimension-stack-spacing1); min-width: 0; }
        .ock-stack-vertical { flex-direction: column; }
        .ock-stack-horizontal { flex-direction: row; align-items: center; }
        .ock-card > .ock-stack-vertical { gap: calc(var(--ock-dimension-stack-spacing1) * 1.5); }
        .ock-stack-horizontal > * { min-width: 0; }
        .ock-stack-horizontal > .ock-header { flex: 1 1 auto; }
        .ock-align-leading { align-items: flex-start; }
        .ock-align-center { align-items: center; }
        .ock-align-trailing { align-items: flex-end; }
        .ock-custom-content { min-width: 0; }

        /* Text */
        .ock-label { margin: 0; white-space: pre-line; overflow-wrap: anywhere; }
        .ock-text-large-title { font-size: 2.125rem; font-weight: 700; line-height: 1.2; letter-spacing: 0.01em; }
        .ock-text-title1 { font-size: 1.75rem; font-weight: 700; line-height: 1.2; }
        .ock-text-title2 { font-size: 1.375rem; font-weight: 700; line-height: 1.25; }
        .ock-text-title3 { font-size: 1.25rem; font-weight: 600; line-height: 1.25; }
        .ock-text-headline { font-size: var(--ock-dimension-point-size1); font-weight: 600; line-height: 1.3; }
        .ock-text-body { font-size: var(--ock-dimension-point-size1); line-height: 1.4; }
        .ock-text-callout { font-size: 1rem; line-height: 1.4; }
        .ock-text-subheadline { font-size: 0.9375rem; line-height: 1.45; }
        .ock-text-footnote { font-size: 0.8125rem; line-height: 1.4; }
        .ock-text-caption1 { font-size: 0.75rem; line-height: 1.35; }
        .ock-text-caption2 { font-size: var(--ock-dimension-point-size3); line-height: 1.3; }
        .ock-instructions { color: var(--ock-color-label); }
        .ock-visually-hidden { position: absolute !important; width: 1px !important; height: 1px !important; padding: 0 !important; margin: -1px !important; overflow: hidden !important; clip: rect(0 0 0 0) !important; clip-path: inset(50%) !important; white-space: nowrap !important; border: 0 !important; }

        /* Separator, icons, images */
        .ock-separator { height: var(--ock-dimension-separator-height); background: var(--ock-color-separator); flex: none; }
        .ock-icon { width: 1.25em; height: 1.25em; flex: none; display: block; }
        .ock-image { display: block; max-width: 100%; height: auto; }
        .ock-monogram { display: grid; place-items: center; width: var(--ock-dimension-image-height2); height: var(--ock-dimension-image-height2); border-radius: 50%; background: var(--ock-tint, var(--ock-color-custom-blue)); color: var(--ock-color-custom-background); font-weight: 600; font-size: 0.9375rem; letter-spacing: 0.02em; }

        /* Header */
        .ock-header { display: flex; align-items: center; gap: 12px; min-width: 0; }
        .ock-header-text { flex: 1 1 auto; min-width: 0; display: flex; flex-direction: column; gap: 2px; }
        .ock-header-detail, .ock-header-detail .ock-label { color: var(--ock-color-secondary-label); }
        .ock-header-icon { flex: none; width: var(--ock-dimension-image-height2); height: var(--ock-dimension-image-height2); display: grid; place-items: center; color: var(--ock-tint, var(--ock-color-custom-blue)); }
        .ock-header-icon .ock-image { width: 100%; height: 100%; object-fit: cover; border-radius: 50%; }
        .ock-header-icon .ock-icon { width: 26px; height: 26px; }
        .ock-header-disclosure { flex: none; color: var(--ock-color-custom-gray); }
        .ock-header-disclosure .ock-icon { width: 18px; height: 18px; }
        .ock-header-link { display: block; color: inherit; text-decoration: none; border-radius: var(--ock-appearance-corner-radius2); margin: -6px; padding: 6px; }
        .ock-header-link:hover .ock-header-disclosure { color: var(--ock-tint, var(--ock-color-custom-blue)); }

        /* Buttons */
        .ock-form { display: contents; }
        .ock-button { display: inline-flex; align-items: center; font: inherit; color: inherit; margin: 0; border: 0; background: none; padding: 0; cursor: pointer; -webkit-tap-highlight-color: transparent; transition: background-color var(--ock-animation-state-change-duration) ease, color var(--ock-animation-state-change-duration) ease, transform var(--ock-animation-state-change-duration) ease; }
        .ock-button:disabled { cursor: default; opacity: var(--ock-appearance-opacity1); }
        .ock-button:not(:disabled):active { transform: scale(0.97); }
        .ock-checkmark-circle { display: grid; place-items: center; flex: none; width: 32px; height: 32px; border-radius: 50%; border: var(--ock-appearance-border-width2) solid var(--ock-tint, var(--ock-color-custom-blue)); color: var(--ock-color-custom-background); transition: background-color var(--ock-animation-state-change-duration) ease; }
        .ock-checkmark-circle .ock-icon { width: 18px; height: 18px; stroke-width: 3; opacity: 0; transition: opacity var(--ock-animation-state-change-duration) ease; }
        .ock-selected .ock-checkmark-circle { background: var(--ock-tint, var(--ock-color-custom-blue)); }
        .ock-selected .ock-checkmark-circle .ock-icon { opacity: 1; }
        .ock-checkmark-button { flex: none; display: grid; place-items: center; width: 44px; height: 44px; border-radius: 50%; margin-block: -6px; margin-inline: 0 -6px; }
        .ock-checkmark-button .ock-checkmark-circle { width: 34px; height: 34px; }
        .ock-labeled-button { display: flex; align-items: center; justify-content: center; gap: 8px; width: 100%; min-height: var(--ock-dimension-button-height2); padding: 0 16px; border-radius: var(--ock-appearance-corner-radius2); background: var(--ock-color-tertiary-custom-grouped-background); color: var(--ock-tint, var(--ock-color-custom-blue)); font-weight: 600; }
        .ock-labeled-button .ock-label { font-weight: 600; color: inherit; }
        .ock-labeled-button .ock-icon { width: 20px; height: 20px; stroke-width: 2.6; }
        .ock-labeled-button.ock-selected { background: var(--ock-tint, var(--ock-color-custom-blue)); color: var(--ock-color-custom-background); }
        .ock-labeled-button:not(:disabled):hover { filter: brightness(0.97); }

        /* Lists of items */
        .ock-item-list { list-style: none; margin: 0; padding: 0; }
        .ock-checklist > li + li { border-top: var(--ock-dimension-separator-height) solid var(--ock-color-separator); }
        .ock-checklist-item { display: flex; align-items: center; justify-content: space-between; gap: 12px; width: 100%; min-height: var(--ock-dimension-button-height2); padding: 6px 0; text-align: start; border-radius: 8px; }
        .ock-checklist-item .ock-checkmark-circle { width: 28px; height: 28px; }
        .ock-checklist-item .ock-checkmark-circle .ock-icon { width: 16px; height: 16px; }
        .ock-contact-details { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 0; font-size: 0.9375rem; }
        .ock-contact-details dt { color: var(--ock-color-secondary-label); }
        .ock-contact-details dd { margin: 0; overflow-wrap: anywhere; user-select: all; }
        .ock-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(64px, 1fr)); gap: 14px 4px; }
        .ock-labeled-checkmark-button { display: flex; flex-direction: column; align-items: center; gap: 6px; width: 100%; padding: 4px 0; border-radius: 10px; }
        .ock-labeled-checkmark-button .ock-checkmark-circle { width: 40px; height: 40px; }
        .ock-labeled-checkmark-button .ock-checkmark-circle .ock-icon { width: 20px; height: 20px; }
        .ock-labeled-checkmark-button .ock-label { font-size: 0.75rem; color: var(--ock-color-secondary-label); white-space: nowrap; }
        .ock-labeled-checkmark-button .ock-checkmark-status { margin-top: -4px; font-weight: 700; line-height: 1.2; text-align: center; white-space: normal; color: var(--ock-mark, var(--ock-color-secondary-label)); }
        .ock-labeled-checkmark-button .ock-checkmark-detail { font-size: 0.6875rem; white-space: normal; text-align: center; margin-top: -4px; }
        .ock-log { display: flex; flex-direction: column; gap: 6px; }
        .ock-log-item { display: flex; align-items: center; gap: 10px; width: 100%; padding: 9px 12px; border-radius: 10px; background: var(--ock-color-tertiary-custom-grouped-background); text-align: start; cursor: default; }
        .ock-form .ock-log-item { cursor: pointer; }
        .ock-log-item-check { display: grid; place-items: center; width: 22px; height: 22px; border-radius: 50%; background: var(--ock-tint, var(--ock-color-custom-blue)); color: var(--ock-color-custom-background); flex: none; }
        .ock-log-item-check .ock-icon { width: 13px; height: 13px; stroke-width: 3; }
        .ock-log-item .ock-label:first-of-type { font-weight: 600; font-size: 0.9375rem; }
        .ock-log-item .ock-text-subheadline { margin-inline-start: auto; color: var(--ock-color-secondary-label); white-space: nowrap; }

        /* Due now and overdue (on an event's control or its form): a ring (3:1), and words (4.5:1) */
        .ock-due-now { --ock-mark: var(--ock-tint, var(--ock-color-custom-blue)); }
        .ock-overdue { --ock-mark: var(--ock-color-custom-red); }
        :is(.ock-due-now, .ock-overdue) .ock-checkmark-circle { outline: 3px solid var(--ock-mark); outline-offset: 2px; }
        :is(.ock-due-now, .ock-overdue) .ock-checkmark-button .ock-checkmark-circle, .ock-checkmark-button:is(.ock-due-now, .ock-overdue) .ock-checkmark-circle { outline-width: 2px; outline-offset: 1px; }
        :is(.ock-due-now, .ock-overdue) > .ock-labeled-button, .ock-labeled-button:is(.ock-due-now, .ock-overdue) { box-shadow: inset 0 0 0 2px var(--ock-mark); }
        .ock-header-status { font-weight: 700; color: var(--ock-tint, var(--ock-color-custom-blue)); }
        .ock-card:has(.ock-overdue) .ock-header-status { color: var(--ock-color-custom-red); }

        /* Numeric progress */
        .ock-progress-body { display: flex; flex-direction: column; gap: 12px; }
        .ock-progress-columns { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
        .ock-progress-column { display: flex; flex-direction: column; gap: 2px; min-width: 0; }
        .ock-progress-column > .ock-label { color: var(--ock-color-secondary-label); text-transform: uppercase; letter-spacing: 0.04em; font-weight: 600; }
        .ock-progress-value { display: flex; align-items: center; gap: 6px; }
        .ock-progress-value .ock-label { font-variant-numeric: tabular-nums; }
        .ock-progress-goal .ock-progress-value { color: var(--ock-color-secondary-label); }
        .ock-progress-goal .ock-progress-value .ock-label { font-weight: 600; }
        .ock-progress-current.ock-complete .ock-progress-value { color: var(--ock-tint, var(--ock-color-custom-blue)); }
        .ock-progress-value .ock-icon { width: 22px; height: 22px; stroke-width: 3; }
        .ock-progress-bar { height: 8px; border-radius: 4px; background: var(--ock-color-custom-fill); overflow: hidden; }
        .ock-progress-bar-fill { height: 100%; border-radius: 4px; background: var(--ock-tint, var(--ock-color-custom-blue)); }

        /* Labeled value */
        .ock-labeled-value { margin: 0; display: flex; align-items: baseline; gap: 4px; flex: none; text-align: end; }
        .ock-labeled-value-value { font-size: 1.75rem; font-weight: 700; line-height: 1.1; font-variant-numeric: tabular-nums; color: var(--ock-tint, var(--ock-color-custom-blue)); }
        .ock-labeled-value-unit { font-size: 0.8125rem; font-weight: 600; color: var(--ock-color-secondary-label); }
        .ock-labeled-value.ock-incomplete .ock-labeled-value-unit { font-size: 0.9375rem; }

        /* Links */
        .ock-links { display: flex; flex-direction: column; gap: 8px; }
        .ock-link-button { display: flex; align-items: center; gap: 12px; min-height: var(--ock-dimension-button-height2); padding: 10px 14px; border-radius: var(--ock-appearance-corner-radius2); background: var(--ock-color-tertiary-custom-grouped-background); color: var(--ock-tint, var(--ock-color-custom-blue)); text-decoration: none; font-weight: 600; transition: filter var(--ock-animation-state-change-duration) ease; }
        a.ock-link-button:hover { filter: brightness(0.96); }
        .ock-link-title { flex: 1 1 auto; min-width: 0; overflow-wrap: anywhere; }
        .ock-link-button .ock-icon { width: 22px; height: 22px; }
        .ock-link-button .ock-link-chevron { width: 16px; height: 16px; color: var(--ock-color-custom-gray); }
        .ock-link-unavailable { color: var(--ock-color-secondary-label); font-weight: 400; }

        /* Featured content */
        .ock-featured-content-view { min-height: 220px; display: grid; }
        .ock-featured-link { display: grid; color: inherit; text-decoration: none; border-radius: inherit; }
        .ock-featured-media, .ock-featured-overlay { grid-area: 1 / 1; }
        .ock-featured-media { min-height: 220px; background: var(--ock-color-custom-gray5); }
        .ock-featured-media .ock-image { width: 100%; height: 100%; object-fit: cover; }
        .ock-featured-placeholder { background: linear-gradient(135deg, var(--ock-tint, var(--ock-color-custom-blue)), var(--ock-color-custom-purple)); }
        .ock-featured-overlay { align-self: end; display: flex; align-items: flex-end; gap: 8px; padding: 56px 18px 16px; background: linear-gradient(to bottom, rgb(0 0 0 / 0), rgb(0 0 0 / 0.72)); color: #ffffff; }
        .ock-featured-overlay .ock-label { flex: 1 1 auto; color: #ffffff; text-shadow: 0 1px 2px rgb(0 0 0 / 0.35); }
        .ock-featured-chevron { width: 22px; height: 22px; }

        /* Detail */
        .ock-detail-media .ock-image { width: 100%; max-height: calc(var(--ock-dimension-image-height1) * 1.6); object-fit: cover; }
        .ock-detail-text { padding-block: 20px 24px; padding-inline: var(--ock-dimension-directional-insets1-leading) var(--ock-dimension-directional-insets1-trailing); display: flex; flex-direction: column; gap: 12px; }
        .ock-detail-body { display: flex; flex-direction: column; gap: 12px; max-width: 68ch; }

        /* A value outside its target range: a word and a triangle, in the warning colour. */
        .ock-value-flag { color: var(--ock-color-custom-red); font-weight: 700; white-space: normal; }

        /* Charts */
        .ock-chart { display: flex; flex-direction: column; gap: 10px; }
        .ock-chart-svg { display: block; width: 100%; height: auto; overflow: visible; font-family: var(--ock-font); direction: ltr; }
        .ock-chart-y-label, .ock-chart-x-label { fill: var(--ock-color-secondary-label); font-variant-numeric: tabular-nums; }
        .ock-chart-value-label { fill: var(--ock-color-label); font-variant-numeric: tabular-nums; }
        .ock-chart-target-band { fill: var(--ock-color-custom-green, #34c759); fill-opacity: 0.16; }
        .ock-chart-band-swatch { background: var(--ock-color-custom-green, #34c759); opacity: 0.35; }
        .ock-chart-out-of-range { fill: var(--ock-color-custom-red); font-weight: 600; }
        polygon.ock-chart-out-of-range { stroke: var(--ock-color-secondary-custom-grouped-background); stroke-width: 1.5; }
        .ock-chart-gridline { stroke: var(--ock-color-separator); stroke-width: 1; stroke-dasharray: 2 3; }
        .ock-chart-zero, .ock-chart-baseline { stroke: var(--ock-color-custom-gray3); stroke-width: 1; stroke-dasharray: none; }
        .ock-chart-empty { fill: var(--ock-color-secondary-label); }
        .ock-series-0 { color: var(--ock-tint, var(--ock-color-custom-blue)); }
        .ock-series-1 { color: var(--ock-color-custom-green); }
        .ock-series-2 { color: var(--ock-color-custom-orange); }
        .ock-series-3 { color: var(--ock-color-custom-purple); }
        .ock-series-4 { color: var(--ock-color-custom-pink); }
        .ock-series-5 { color: var(--ock-color-custom-teal); }
        .ock-chart-bar:not([fill]), .ock-chart-point:not([fill]), .ock-chart-line-point:not([fill]) { fill: currentColor; }
        .ock-chart-line { fill: none; stroke-linecap: round; stroke-linejoin: round; }
        .ock-chart-line:not([stroke]) { stroke: currentColor; }
        .ock-chart-line-point { stroke: var(--ock-color-secondary-custom-grouped-background); stroke-width: 1.5; }
        .ock-chart-point { fill-opacity: 0.85; }
        .ock-chart-legend { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 6px 16px; font-size: 0.8125rem; color: var(--ock-color-secondary-label); }
        .ock-chart-legend li { display: flex; align-items: center; gap: 6px; }
        .ock-chart-swatch { width: 10px; height: 10px; border-radius: 3px; background: currentColor; flex: none; }

        /* Contacts */
        .ock-contact-buttons { display: grid; grid-auto-flow: column; grid-auto-columns: 1fr; gap: 8px; }
        .ock-contact-button { display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 4px; min-height: 60px; padding: 10px 6px; border-radius: var(--ock-appearance-corner-radius2); background: var(--ock-color-tertiary-custom-grouped-background); color: var(--ock-tint, var(--ock-color-custom-blue)); text-decoration: none; font-size: 0.8125rem; font-weight: 600; }
        .ock-contact-button .ock-icon { width: 22px; height: 22px; }
        .ock-contact-button .ock-label { font-size: 0.8125rem; font-weight: 600; }
        .ock-address-button { display: flex; align-items: center; gap: 12px; padding: 12px 14px; border-radius: var(--ock-appearance-corner-radius2); background: var(--ock-color-tertiary-custom-grouped-background); color: var(--ock-color-label); text-decoration: none; }
        .ock-address-text { flex: 1 1 auto; display: flex; flex-direction: column; gap: 2px; min-width: 0; }
        .ock-address-text > .ock-label:first-child { font-size: 0.8125rem; font-weight: 600; color: var(--ock-color-secondary-label); }
        .ock-address-button .ock-icon { width: 24px; height: 24px; color: var(--ock-tint, var(--ock-color-custom-blue)); }
        a.ock-contact-button:hover, a.ock-address-button:hover { filter: brightness(0.96); }

        /* Right to left: icons that point the way mirror; values inside sentences keep their own direction; a body of text in a left-to-right script (a task's English instructions) reads left to right */
        [dir="rtl"] .ock-symbol-chevron-right { transform: scaleX(-1); }
        bdi, .ock-bidi { unicode-bidi: isolate; }
        [dir="rtl"] :is(.ock-instructions, .ock-text-body) { unicode-bidi: plaintext; }
        /* Week calendar and rings */
        .ock-week { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(7, minmax(0, 1fr)); gap: 2px; }
        .ock-completion-ring-button { display: flex; flex-direction: column; align-items: center; gap: 6px; width: 100%; padding: 8px 0 10px; border-radius: var(--ock-appearance-corner-radius2); }
        .ock-completion-ring-button[aria-current="date"] { background: var(--ock-color-tertiary-custom-grouped-background); }
        .ock-weekday .ock-label { font-size: 0.75rem; font-weight: 600; color: var(--ock-color-secondary-label); }
        .ock-today .ock-weekday .ock-label { color: var(--ock-tint, var(--ock-color-custom-blue)); }
        .ock-completion-ring { display: block; overflow: visible; flex: none; }
        .ock-ring-track { fill: none; stroke: var(--ock-color-custom-fill); }
        .ock-ring-progress-arc { fill: none; stroke: var(--ock-tint, var(--ock-color-custom-blue)); stroke-linecap: round; }
        .ock-ring-fill { fill: var(--ock-tint, var(--ock-color-custom-blue)); }
        .ock-ring-dot { fill: var(--ock-color-quaternary-custom-fill); }
        .ock-ring-dimmed .ock-ring-track { opacity: var(--ock-appearance-opacity1); }
        .ock-ring-text { font-family: var(--ock-font); font-weight: 600; fill: var(--ock-color-label); font-variant-numeric: tabular-nums; }
        .ock-ring-complete .ock-ring-text { fill: var(--ock-color-custom-background); }
        .ock-completion-ring:not(.ock-completion-ring-button *) { color: var(--ock-tint, var(--ock-color-custom-blue)); }

        /* Insight messages */
        .ock-message-item .ock-header-icon { width: 28px; height: 28px; }
        .ock-message-item .ock-header-icon .ock-icon { width: 24px; height: 24px; stroke-width: 2.4; }
        .ock-message-tip .ock-header-icon { color: var(--ock-tint, var(--ock-color-custom-blue)); }
        .ock-message-alert .ock-header-icon { color: var(--ock-tint, var(--ock-color-custom-red)); }
        .ock-message-text { color: var(--ock-color-label); }

        /* Focus and motion */
        :where(.ock-page, .ock-card, .ock-card-disabled) :focus { outline: none; }
        :where(.ock-page, .ock-card, .ock-card-disabled) :focus-visible { outline: 3px solid var(--ock-tint, var(--ock-color-custom-blue)); outline-offset: 2px; }
        .ock-checkmark-button:focus-visible { outline-offset: -2px; }
        @media (prefers-reduced-motion: reduce) {
          *, *::before, *::after { animation: none !important; transition: none !important; scroll-behavior: auto !important; }
        }
        @media (forced-colors: active) {
          .ock-card { border: 1px solid CanvasText; }
          .ock-checkmark-circle { border-color: ButtonText; }
          :is(.ock-due-now, .ock-overdue) > .ock-labeled-button, .ock-labeled-button:is(.ock-due-now, .ock-overdue) { border: 2px solid CanvasText; }
        }

        """
}
