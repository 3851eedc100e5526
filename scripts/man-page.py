#!/usr/bin/env python3
"""Writes lockout(1) in roff from `lockout --experimental-dump-help`: the root command's abstract and
discussion, then every subcommand shown in the help (nested ones under their full name) with its abstract,
discussion, arguments and options.

    scripts/man-page.py LOCKOUT_BINARY > lockout.1

Standard library only. The version comes from `lockout --version`; the date from SOURCE_DATE_EPOCH when set
(so two builds of one commit give the same page), else today.
"""
import datetime
import json
import os
import subprocess
import sys


def escape(text):
    """Roff text: backslashes doubled, hyphens as minus signs, and a line starting with . or ' guarded."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    lines = []
    for line in text.split("\n"):
        if line.startswith((".", "'")):
            line = "\\&" + line
        lines.append(line)
    return "\n".join(lines)


def shown(item):
    return item.get("shouldDisplay", True)


def synopsis_of(argument):
    """`--name <value>`, `-f`, or `<value>` for a positional, as the help's usage line writes it."""
    value = "<" + argument.get("valueName", "value") + ">"
    if argument["kind"] == "positional":
        text = value
    else:
        name = argument.get("preferredName") or argument["names"][0]
        text = ("--" if name["kind"] == "long" else "-") + name["name"]
        if argument["kind"] == "option":
            text += " " + value
    if argument.get("isRepeating"):
        text += " ..."
    return text


def label_of(argument):
    """Every name of an option or flag, and its value: `-d, --data-dir <data-dir>`."""
    if argument["kind"] == "positional":
        return synopsis_of(argument)
    names = [("--" if name["kind"] == "long" else "-") + name["name"] for name in argument.get("names", [])]
    text = ", ".join(names)
    if argument["kind"] == "option":
        text += " <" + argument.get("valueName", "value") + ">"
    return text


def is_help(argument):
    """-h, --help and --version: every command has them; the page lists them once, under the root's options."""
    return argument["kind"] == "flag" and argument.get("valueName") in ("help", "version")


def arguments_section(command, with_help=False):
    """The arguments (positionals first, then options and flags), each as a tagged paragraph; -h, --help and
    --version only when `with_help` (the root's options say them once for every command)."""
    arguments = [a for a in command.get("arguments", []) if shown(a) and (with_help or not is_help(a))]
    ordered = [a for a in arguments if a["kind"] == "positional"] + [a for a in arguments if a["kind"] != "positional"]
    out = []
    for argument in ordered:
        help_text = argument.get("abstract", "")
        if "defaultValue" in argument and "default" not in help_text:
            help_text += (" " if help_text else "") + "(default: " + argument["defaultValue"] + ")"
        out.append(".TP")
        out.append("\\fB" + escape(label_of(argument)) + "\\fR")
        out.append(escape(help_text) if help_text else "\\&")
    return out


def usage_of(path, command):
    parts = []
    for argument in command.get("arguments", []):
        if not shown(argument) or is_help(argument) and len(path) > 1:
            continue
        text = synopsis_of(argument)
        parts.append("[" + text + "]" if argument.get("isOptional") else text)
    if any(shown(sub) for sub in command.get("subcommands", [])):
        parts.append("<subcommand>")
    return " ".join(path + parts)


def paragraphs(text):
    """A discussion as roff paragraphs: blank lines separate them."""
    out = []
    for block in text.strip().split("\n\n"):
        out.append(".PP")
        out.append(escape(block.strip()))
    return out


def command_section(path, command):
    """One subcommand: a subsection headed by its full name, then its usage, abstract, discussion and arguments;
    its own subcommands after it."""
    out = [".SS " + escape(" ".join(path)), ".B " + escape(usage_of(path, command))]
    if command.get("abstract"):
        out += [".PP", escape(command["abstract"])]
    if command.get("discussion"):
        out += paragraphs(command["discussion"])
    out += arguments_section(command)
    for sub in command.get("subcommands", []):
        if shown(sub):
            out += command_section(path + [sub["commandName"]], sub)
    return out


def page(dump, version, date):
    root = dump["command"]
    name = root["commandName"]
    out = [
        '.TH "%s" "1" "%s" "%s %s" "User Commands"' % (name.upper(), date, name, version),
        ".SH NAME",
        escape(name) + " \\- " + escape(root.get("abstract", name).split(": ", 1)[-1]),
        ".SH SYNOPSIS",
        ".B " + escape(usage_of([name], root)),
        ".SH DESCRIPTION",
        escape(root.get("abstract", "")),
    ]
    if root.get("discussion"):
        out += paragraphs(root["discussion"])
    options = arguments_section(root, with_help=True)
    if options:
        out += [".SH OPTIONS"] + options
    out.append(".SH COMMANDS")
    for sub in root.get("subcommands", []):
        if shown(sub):
            out += command_section([name, sub["commandName"]], sub)
    out += [
        ".SH FILES",
        ".TP",
        "\\fI$XDG_DATA_HOME/lockout\\fR",
        "The data directory (default \\fI~/.local/share/lockout\\fR): the database and the agent file.",
        ".TP",
        "\\fI/usr/lib/systemd/user/lockout.service\\fR",
        "The systemd user unit of the Debian package; each user enables it with "
        "\\fBsystemctl \\-\\-user enable \\-\\-now lockout.service\\fR.",
    ]
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: man-page.py LOCKOUT_BINARY")
    binary = sys.argv[1]
    dump = json.loads(subprocess.run([binary, "--experimental-dump-help"], check=True, capture_output=True).stdout)
    version = subprocess.run([binary, "--version"], check=True, capture_output=True, text=True).stdout.strip()
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    day = datetime.datetime.fromtimestamp(int(epoch), datetime.timezone.utc) if epoch else datetime.datetime.now(datetime.timezone.utc)
    sys.stdout.write(page(dump, version, day.strftime("%Y-%m-%d")))


if __name__ == "__main__":
    main()
