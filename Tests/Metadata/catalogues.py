"""The translation catalogues as the tests read them: po/LINGUAS, each language's entries (polib), and compiled .mo
files in a temporary folder that PIZZA_SPLIT_LOCALEDIR can point the apps at."""
import os
import re
import subprocess

import polib

from support import ROOT

PO = os.path.join(ROOT, "po")
TEMPLATE = os.path.join(PO, "pizza-split.pot")
LOCALES = {"de": "de_DE.UTF-8", "fr": "fr_FR.UTF-8", "it": "it_IT.UTF-8"}


def languages():
    with open(os.path.join(PO, "LINGUAS")) as handle:
        return handle.read().split()


def catalogue(language):
    return polib.pofile(os.path.join(PO, f"{language}.po"))


def template():
    return polib.pofile(TEMPLATE)


def compile_catalogues(folder):
    """Compiles every po/LANG.po into folder/LANG/LC_MESSAGES/pizza-split.mo, as make install does."""
    for language in languages():
        target = os.path.join(folder, language, "LC_MESSAGES")
        os.makedirs(target, exist_ok=True)
        subprocess.run(["msgfmt", "--check", "-o", os.path.join(target, "pizza-split.mo"),
                        os.path.join(PO, f"{language}.po")], check=True, timeout=60)
    return folder


def environment(language, folder):
    """The variables that start an app in `language` with the catalogues in `folder`."""
    return {"LANGUAGE": language, "LANG": LOCALES[language], "LC_ALL": "", "PIZZA_SPLIT_LOCALEDIR": folder}


def message_pattern(message):
    """A regular expression matching `message` once its %s, %d and %N$s are filled in."""
    parts = re.split(r"%(?:\d+\$)?[sd]", message.replace("%%", "\0"))
    return re.compile("^" + "(.+?)".join(re.escape(part).replace("\0", "%") for part in parts) + "$", re.S)
