#!/usr/bin/python3
"""Reads stylesheets with tinycss2 (a CSS Syntax Level 3 parser) and fails on what browsers
would drop without a word: a parse error in a rule list or a declaration list, an at-rule no
browser knows (a typo such as `@meida` hides every rule inside it), an at-rule without its
block, a declaration without a value, an empty rule. esbuild (scripts/lint-assets) checks the
rest: selectors, unbalanced blocks and property names.

    scripts/lint/check-css.py FILE.css...
"""

import sys

import tinycss2

# At-rules that hold rules or declarations, and those that end with a semicolon.
BLOCK_AT_RULES = {"media", "supports", "container", "layer", "page", "font-face", "keyframes", "property", "counter-style", "font-feature-values"}
STATEMENT_AT_RULES = {"import", "charset", "namespace", "layer"}
# At-rules whose blocks hold declarations; the others hold rules.
DECLARATION_AT_RULES = {"page", "font-face", "property", "counter-style"}


def where(path, node):
    return f"{path}:{node.source_line}:{node.source_column}"


def check_declarations(path, tokens, problems):
    for node in tinycss2.parse_declaration_list(tokens, skip_comments=True, skip_whitespace=True):
        if node.type == "error":
            problems.append(f"{where(path, node)}: {node.message}")
        elif node.type == "declaration":
            if not [token for token in node.value if token.type not in ("whitespace", "comment")]:
                problems.append(f"{where(path, node)}: '{node.name}' has no value")
        elif node.type == "at-rule":
            problems.append(f"{where(path, node)}: @{node.at_keyword} inside a declaration block")


def check_rules(path, nodes, problems):
    for node in nodes:
        if node.type == "error":
            problems.append(f"{where(path, node)}: {node.message}")
        elif node.type == "qualified-rule":
            if not tinycss2.serialize(node.prelude).strip():
                problems.append(f"{where(path, node)}: a rule without a selector")
            if not [token for token in node.content if token.type not in ("whitespace", "comment")]:
                problems.append(f"{where(path, node)}: an empty rule")
            check_declarations(path, node.content, problems)
        elif node.type == "at-rule":
            name = node.lower_at_keyword
            if name not in BLOCK_AT_RULES and name not in STATEMENT_AT_RULES:
                problems.append(f"{where(path, node)}: unknown at-rule @{node.at_keyword}")
            elif node.content is None and name not in STATEMENT_AT_RULES:
                problems.append(f"{where(path, node)}: @{node.at_keyword} without its block")
            elif node.content is not None and name in DECLARATION_AT_RULES:
                check_declarations(path, node.content, problems)
            elif node.content is not None:
                if name in ("media", "supports", "container") and not tinycss2.serialize(node.prelude).strip():
                    problems.append(f"{where(path, node)}: @{node.at_keyword} without a condition")
                rules = tinycss2.parse_rule_list(node.content, skip_comments=True, skip_whitespace=True)
                check_rules(path, rules, problems)


def main(paths):
    if not paths:
        print(__doc__.strip().splitlines()[-1].strip(), file=sys.stderr)
        return 2
    problems = []
    for path in paths:
        with open(path, "rb") as file:
            rules, _ = tinycss2.parse_stylesheet_bytes(file.read(), skip_comments=True, skip_whitespace=True)
        check_rules(path, rules, problems)
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
