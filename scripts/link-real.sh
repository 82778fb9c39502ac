#!/bin/bash
# The first screen over a slow link in real terminals under Xvfb: masonry (what it sends
# over SSH, --link slow) against timg --grid=4x3 on the same twelve pictures, each behind
# scripts/slow-link.py (200 KB/s, 20 ms each way) in kitty (graphics) and in xterm -ti
# vt340 (sixel; Debian's timg 1.4.5 draws quarter blocks there, so chafa's sixels of the
# same files are timed too, a pixel anchor): `make bench PART=link-real`.
#
#   scripts/link-real.sh MASONRY [ROUNDS] [RATE]
#
# The time is the link's, as the terminal takes it: from the first byte through the relay
# to 98 % of the bytes, once the link has been quiet for three seconds (the terminal
# answers masonry's acknowledgements, so its own pace counts). One JSON line per
# terminal, program and round.
set -u
masonry=$1; rounds=${2:-3}; rate=${3:-200000}
here=$(cd "$(dirname "$0")/.." && pwd)
folder=$here/Data/pictures
work=$(mktemp -d); trap 'rm -rf "$work"; kill $(jobs -p) 2>/dev/null' EXIT
display=:$((90 + $$ % 9))
Xvfb $display -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
for i in $(seq 100); do DISPLAY=$display xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
export DISPLAY=$display
twelve=()
while IFS= read -r name; do twelve+=("$folder/$name"); done < <(ls "$folder" | sort | head -12)
quoted=$(printf "'%s' " "${twelve[@]}")

# Runs `command` behind the relay in `terminal`; prints the bytes and the milliseconds.
first_screen() { # terminal command
  local log=$work/link.log inner
  : > "$log"
  inner="python3 $here/scripts/slow-link.py $rate 20 $log -- sh -c \"$2\""
  case $1 in
  kitty)
    LIBGL_ALWAYS_SOFTWARE=1 kitty --config NONE -o font_family='DejaVu Sans Mono' \
      -o font_size=11 -o initial_window_width=1090 -o initial_window_height=760 \
      -o remember_window_size=no -o enable_audio_bell=no -o cursor_blink_interval=0 \
      -T PX sh -c "$inner" 2>/dev/null &
    ;;
  xterm)
    xterm -T PX -ti vt340 -xrm 'XTerm*decTerminalID: vt340' \
      -xrm 'XTerm*numColorRegisters: 256' -xrm 'XTerm*allowWindowOps: true' \
      -geometry 120x40+0+0 -fa 'DejaVu Sans Mono' -fs 11 -e sh -c "$inner" &
    ;;
  esac
  local terminal=$! last=-1 quiet=0 size
  for i in $(seq 1600); do
    sleep 0.05
    size=$(stat -c %s "$log")
    if [ "$size" = "$last" ] && [ "$size" -gt 0 ]; then quiet=$((quiet + 1)); else quiet=0; fi
    last=$size
    [ $quiet -ge 60 ] && break
  done
  kill $terminal 2>/dev/null
  wait $terminal 2>/dev/null
  python3 - "$log" <<'PYTHON'
import sys
pieces = [(float(t), int(n)) for t, n in (line.split() for line in open(sys.argv[1]))]
total = sum(n for _, n in pieces)
sent = 0
for time, count in pieces:
    sent += count
    if sent * 100 >= total * 98:
        print(total, round((time - pieces[0][0]) * 1000))
        break
PYTHON
}

for round in $(seq "$rounds"); do
  for terminal in kitty xterm; do
    programs=("masonry|$masonry --link slow --no-cache '$folder'")
    if [ $terminal = kitty ]; then
      programs+=("timg|timg -pk --grid=4x3 --title $quoted; sleep 60")
    else
      programs+=("timg (quarter blocks)|timg --grid=4x3 --title $quoted; sleep 60")
      programs+=("chafa sixels|chafa -f sixels -s 29x9 $quoted; sleep 60")
    fi
    for entry in "${programs[@]}"; do
      read -r bytes ms < <(first_screen $terminal "${entry#*|}")
      printf '{"name":"link-real","terminal":"%s","program":"%s","rate_bytes_per_s":%s,"round":%s,"bytes":%s,"first_screen_ms":%s}\n' \
        $terminal "${entry%%|*}" "$rate" "$round" "${bytes:-0}" "${ms:-0}"
    done
  done
done
