#!/bin/sh
# A UAP test engine that takes two seconds to start (loading a large network, say) and then
# answers every search at once with i5h5, White's first move of the standard layout: its
# start is on no one's clock, so its clock loses almost nothing.
sleep 2
while IFS= read -r line; do
    case "$line" in
        uap) echo "id name Slow"; echo "uapok" ;;
        isready) echo "readyok" ;;
        go*) echo "bestmove i5h5" ;;
        quit) exit 0 ;;
    esac
done
