#!/bin/sh
# A UAP test engine that reads everything and never writes a line, not even uapok.
while IFS= read -r line; do
    case "$line" in
        quit) exit 0 ;;
    esac
done
