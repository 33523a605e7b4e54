#!/bin/sh
# A UAP test engine of two players only: it refuses a position of three to six players with an
# error line, as PROTOCOL.md has an engine do with what it does not know, and answers every
# search of a two-player game with a1b1 (legal at the start of the standard layout).
while IFS= read -r line; do
    case "$line" in
        uap) echo "id name Two"; echo "uapok" ;;
        isready) echo "readyok" ;;
        "position layout three-player"* | "position layout four-player"* | \
            "position layout five-player"* | "position layout six-player"*)
            echo "error unknown-layout this engine plays two players only" ;;
        go*) echo "bestmove a1b1" ;;
        quit) exit 0 ;;
    esac
done
