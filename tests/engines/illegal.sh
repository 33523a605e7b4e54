#!/bin/sh
# A UAP test engine that answers every search with an illegal move: e5e6 moves a marble from
# e5, which is empty at the start of every layout and early in every game.
while IFS= read -r line; do
    case "$line" in
        uap) echo "id name Illegal"; echo "id author the Sumito tests"; echo "uapok" ;;
        isready) echo "readyok" ;;
        go*) echo "info depth 1 score cp 0 pv e5e6"; echo "bestmove e5e6" ;;
        quit) exit 0 ;;
    esac
done
