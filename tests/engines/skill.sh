#!/bin/sh
# A UAP test engine with a Skill option, to show that a GUI sends the level it was given. It
# plays White's first move of the standard layout: i9h9 when it was told Skill 7, else i5h5.
level=20
while IFS= read -r line; do
    case "$line" in
        uap)
            echo "id name Skilled"
            echo "option name Skill type spin default 20 min 1 max 20"
            echo "uapok" ;;
        isready) echo "readyok" ;;
        "setoption name Skill value "*) level=${line##* } ;;
        go*)
            echo "info depth 1 score cp 0 pv i5h5"
            if [ "$level" = 7 ]; then echo "bestmove i9h9"; else echo "bestmove i5h5"; fi ;;
        quit) exit 0 ;;
    esac
done
