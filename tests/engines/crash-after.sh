#!/usr/bin/env bash
# A UAP test engine: Sumito (the program $1) that ends its process, status 3, when asked for
# its $2-th search, in the middle of a game of any number of players. Until then it is Sumito.
# Usage: crash-after.sh /path/to/sumito 3
sumito=$1
crash_at=$2
searches=0
coproc ENGINE { "$sumito"; }
# A coprocess's descriptors do not reach subshells: copy the output's first.
exec 3<&"${ENGINE[0]}"
cat <&3 &
while IFS= read -r line; do
    case "$line" in
        go*)
            searches=$((searches + 1))
            if [ "$searches" -ge "$crash_at" ]; then exit 3; fi
            ;;
    esac
    printf '%s\n' "$line" >&"${ENGINE[1]}"
    case "$line" in quit) wait; exit 0 ;; esac
done
