#!/bin/sh
# A UAP test engine that plays one legal move and exits (status 3) at its second search, in
# the middle of a game, saying why on its error output. It knows two moves: a1b1 for Black and i9h9 for White, both legal in
# the standard layout as long as the other side has made at most one move.
set -f
searches=0
side=b
while IFS= read -r line; do
    case "$line" in
        uap) echo "id name Crash"; echo "uapok" ;;
        isready) echo "readyok" ;;
        position*)
            # The side to move follows from the number of moves after "moves".
            count=0
            after=0
            for word in $line; do
                if [ "$after" = 1 ]; then count=$((count + 1)); fi
                if [ "$word" = moves ]; then after=1; fi
            done
            if [ $((count % 2)) -eq 0 ]; then side=b; else side=w; fi
            ;;
        go*)
            searches=$((searches + 1))
            if [ "$searches" -ge 2 ]; then echo "crash.sh: out of moves" >&2; exit 3; fi
            if [ "$side" = b ]; then echo "bestmove a1b1"; else echo "bestmove i9h9"; fi
            ;;
        quit) exit 0 ;;
    esac
done
