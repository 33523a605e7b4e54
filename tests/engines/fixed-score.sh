#!/bin/sh
# A UAP test engine: Sumito (the program $1) with every score it reports replaced by $2 (e.g.
# "cp 0" or "cp -500"), so that a GUI's judgements by the scores (draw offers, resignation,
# adjudication) come out the same in every run. It names itself "Fixed <score>".
# Usage: fixed-score.sh /path/to/sumito "cp 0"
sumito=$1
score=$2
"$sumito" | sed -u -E \
    -e "s/^id name .*/id name Fixed $score/" \
    -e "s/ score (cp|mate) -?[0-9]+( lowerbound| upperbound)?/ score $score/"
