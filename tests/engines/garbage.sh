#!/bin/sh
# A UAP test engine that writes garbage everywhere, and answers a search with lines that are
# not protocol, a line that only looks like bestmove, then a bestmove with an unreadable move.
while IFS= read -r line; do
    case "$line" in
        uap)
            echo "Garbage engine, hello!"
            echo "id name Garbage"
            printf 'option name \377\376 type nonsense\n'
            echo "uapok"
            ;;
        isready) echo "%%% noise"; echo "readyok" ;;
        go*)
            echo "info depth banana"
            printf '\001\002\003 binary \377\n'
            echo "bestmovea1b1"
            echo ""
            echo "bestmove ???"
            ;;
        quit) exit 0 ;;
    esac
done
