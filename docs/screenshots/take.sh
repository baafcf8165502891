#!/bin/sh
# Screenshots of a reports folder at 1400 px wide (Debian's chromium, headless), as in the README.
# Usage: sh docs/screenshots/take.sh <reports dir> <user-content reports dir>
set -e
out=$(dirname "$0")
shot() { chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --virtual-time-budget=8000 --window-size=1400,"$3" --screenshot="$out/$2.png" "file://$(realpath "$1")" 2>/dev/null; }
shot "$1/index.html" index 1700
shot "$2/superhero-gladiators-costs/index.html" report-your-content 1500
shot "$1/dark-hero-fairness/index.html" report-dark-hero-fairness 1500
shot "$1/ophidian-cards/index.html" report-ophidian-cards 1500
