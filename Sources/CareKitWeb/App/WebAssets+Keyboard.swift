extension WebAssets {
    /// The script the app serves: the app's (``appScript``), then the keyboard's, each ending
    /// with a line break.
    static let javaScript = appScript + "\n" + keyboardScript + "\n"

    /// What the script adds for the keyboard (`Resources/keyboard.js`); without it the pages
    /// still work by Tab and Enter (the skip links, `autofocus` on forms, the `#card` a form
    /// returns to).
    ///
    /// * Back from a form (a survey saved, an entry corrected) the address names the card acted
    ///   on (`#task-pulse`, `#ck-history`): the browser scrolls there, and the script puts the
    ///   keyboard's focus on it, so a screen reader says where it is and Tab goes on from there.
    /// * Opening a "Correct" (a `<details>` with a form) focuses its field, its text selected.
    /// * The week strip is one stop of the Tab key (a toolbar): the day shown takes it, and the
    ///   arrow keys, Home and End move along the week (the arrows follow the text's direction).
    static let keyboardScript = String(embeddedResource: PackageResources.keyboard_js)
}
