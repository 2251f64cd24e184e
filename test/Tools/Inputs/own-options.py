"""Fails unless every option a tool declares (each `cl::opt`, `cl::list` or
`cl::bits` with a name in the C++ sources argv[1:], unless cl::Hidden or
cl::ReallyHidden) is listed in the --help text on stdin. An option left out
of the tool's category is hidden with LLVM's by cl::HideUnrelatedOptions;
this catches it. Prints how many options it checked."""
import re
import sys

DECL = re.compile(r"\bcl::(?:opt|list|bits)\s*<")


def skip_literal(text, i):
    """Index just past the string or character literal that starts at i."""
    quote = text[i]
    i += 1
    while text[i] != quote:
        i += 2 if text[i] == "\\" else 1
    return i + 1


def declarations(text):
    """The text between the parentheses of each option's constructor."""
    for match in DECL.finditer(text):
        i, depth = match.end(), 1
        while depth:  # the template arguments
            depth += {"<": 1, ">": -1}.get(text[i], 0)
            i += 1
        name = re.compile(r"\s*\w+\s*\(").match(text, i)
        if not name:
            continue  # a type (cl::opt<T> &), not a declaration
        i = start = name.end()
        depth = 1
        while depth:
            if text[i] in "\"'":
                i = skip_literal(text, i)
                continue
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            i += 1
        yield text[start:i - 1]


names = []
for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as f:
        for args in declarations(f.read()):
            first = re.match(r'\s*"([^"]+)"', args)
            if first and not re.search(r"\bcl::(?:Really)?Hidden\b", args):
                names.append(first.group(1))

text = sys.stdin.read()
missing = [n for n in names
           if not re.search(rf"^\s+--?{re.escape(n)}(?=[\s=<]|$)", text, re.M)]
if not names or missing:
    sys.exit(f"options missing from --help: {missing} (of {len(names)} "
             f"declared in {', '.join(sys.argv[1:])})")
print(f"{len(names)} options listed")
