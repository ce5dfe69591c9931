#!/usr/bin/env bash
# Make sure the programs minigrad needs outside Python are installed.
#
#   scripts/ensure_system_deps.sh graphviz cjk-font chromium   # for `make test`
#
# cjk-font is a font with Chinese characters (Noto Sans CJK SC), named in the
# figures' style when the lessons speak Chinese (notebooks/zh/).
#
# `make lab` needs none: without graphviz's `dot`, the figures are drawn by the
# pip package graphviz-pure, or in the browser.
#   scripts/ensure_system_deps.sh python-venv         # when `python3 -m venv` is missing
#   scripts/ensure_system_deps.sh npm                 # for `make book` (MathJax from npm)
#
# As root on Debian/Ubuntu, anything missing is installed with apt-get.
# Otherwise the script stops and says how to install it yourself.
set -euo pipefail

missing_pkgs=()   # Debian package names to install
missing_help=()   # what to tell a user who is not root

need() {
    case "$1" in
        graphviz)
            if ! command -v dot >/dev/null 2>&1; then
                missing_pkgs+=(graphviz)
                missing_help+=("graphviz (the tests compare its 'dot' program with graphviz-pure):
    Debian/Ubuntu:  sudo apt-get install graphviz
    macOS:          brew install graphviz
    conda:          conda install -c conda-forge graphviz")
            fi
            ;;
        cjk-font)
            if ! { command -v fc-list >/dev/null 2>&1 \
                    && fc-list ':lang=zh' family 2>/dev/null | grep -q 'Noto Sans CJK SC'; } \
                && [ ! -e /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ]; then
                missing_pkgs+=(fonts-noto-cjk)
                missing_help+=("fonts-noto-cjk (Chinese characters in the figures of notebooks/zh/):
    Debian/Ubuntu:  sudo apt-get install fonts-noto-cjk
    macOS:          brew install --cask font-noto-sans-cjk-sc
    conda:          conda install -c conda-forge font-ttf-noto-cjk")
            fi
            ;;
        chromium)
            if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
                missing_pkgs+=(chromium)
                missing_help+=("chromium (the browser tests drive JupyterLab in headless Chromium):
    Debian:         sudo apt-get install chromium
    or skip the browser tests:  make test BROWSER_TESTS=0")
            fi
            ;;
        npm)
            if ! command -v npm >/dev/null 2>&1; then
                missing_pkgs+=(npm)
                missing_help+=("npm (make book takes MathJax for the website from the npm registry):
    Debian/Ubuntu:  sudo apt-get install npm
    macOS:          brew install node
    conda:          conda install -c conda-forge nodejs")
            fi
            ;;
        node)
            if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
                missing_pkgs+=(nodejs npm)
                missing_help+=("node and npm (the classroom's proxy, configurable-http-proxy, comes from npm):
    Debian/Ubuntu:  sudo apt-get install nodejs npm
    macOS:          brew install node
    conda:          conda install -c conda-forge nodejs")
            fi
            ;;
        python-venv)
            missing_pkgs+=(python3-venv)
            missing_help+=("python3-venv (to create the virtual environment):
    Debian/Ubuntu:  sudo apt-get install python3-venv")
            ;;
        *)
            echo "ensure_system_deps: unknown dependency '$1'" >&2
            exit 2
            ;;
    esac
}

for dep in "$@"; do
    need "$dep"
done

if [ "${#missing_pkgs[@]}" -eq 0 ]; then
    echo "System dependencies present: $*"
    exit 0
fi

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing with apt-get: ${missing_pkgs[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update
    apt-get install -y "${missing_pkgs[@]}"
    exit 0
fi

{
    echo
    echo "Missing system dependencies. Please install them, then run make again:"
    for help in "${missing_help[@]}"; do
        echo
        echo "  $help"
    done
    echo
} >&2
exit 1
