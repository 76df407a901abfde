#!/bin/sh
# Makes the app's five sounds (002 §9) from plain tones with ffmpeg's expression source: no recordings, no
# third-party samples. Each is mono 44.1 kHz, shaped by an envelope so that it starts and ends without a
# click, and encoded as a small MP3 (every browser plays it). Run it from anywhere: sh make-sounds.sh
set -eu
cd "$(dirname "$0")"

# One note: frequency $1 Hz starting at $2 s for $3 s, with a 5 ms attack and an exponential decay of rate $4.
note() {
  echo "between(t,$2,$2+$3)*min(1,(t-$2)/0.005)*exp(-$4*(t-$2))*sin(2*PI*$1*(t-$2))"
}

make() {
  name=$1 duration=$2 expression=$3
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "aevalsrc='$expression':s=44100:d=$duration" \
    -af "afade=t=out:st=$(awk "BEGIN { print $duration - 0.02 }"):d=0.02" \
    -ac 1 -c:a libmp3lame -b:a 48k "$name.mp3"
}

# beep: one short A5, for the chat toast.
make beep 0.2 "0.45*$(note 880 0 0.2 14)"
# tag user: a rising fourth (E5, A5), when someone tags the member.
make tag-user 0.35 "0.4*($(note 659.25 0 0.15 10)+$(note 880 0.15 0.2 10))"
# general: a soft two-tone chime (C5 and G5 together), for a new notification.
make general 0.6 "0.3*($(note 523.25 0 0.6 6)+$(note 783.99 0 0.6 7))"
# mic granted: a quick major arpeggio up (C5, E5, G5, C6), when the host grants the viewer's mic.
make mic-granted 0.5 "0.35*($(note 523.25 0 0.12 12)+$(note 659.25 0.1 0.12 12)+$(note 783.99 0.2 0.12 12)+$(note 1046.5 0.3 0.2 9))"
# incoming call: two rings of the 440 + 480 Hz dual tone (1.4 s); the popup repeats it while it shows.
ring() { echo "between(t,$1,$1+0.4)*min(1,(t-$1)/0.01)*min(1,($1+0.4-t)/0.01)*(sin(2*PI*440*t)+sin(2*PI*480*t))"; }
make incoming-call 1.4 "0.25*($(ring 0)+$(ring 0.6))"
