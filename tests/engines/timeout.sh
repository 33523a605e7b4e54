#!/bin/sh
# A UAP test engine that answers isready but never answers a search, not even after stop.
while IFS= read -r line; do
    case "$line" in
        uap) echo "id name Timeout"; echo "uapok" ;;
        isready) echo "readyok" ;;
        quit) exit 0 ;;
    esac
done
