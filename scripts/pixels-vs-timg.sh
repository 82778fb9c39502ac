#!/bin/bash
# Time from start to the last picture of the first screen, masonry against timg, in real
# terminals under Xvfb (kitty: graphics; xterm -ti vt340: sixel), on a folder of 1,000
# photographs (masonry-bench makes it): `make bench PART=pixels-real`.
#
#   scripts/pixels-vs-timg.sh MASONRY FOLDER [ROUNDS]
#
# masonry: from exec to the last change of its picture log (MASONRY_PICTURE_LOG), once the
# log has been quiet for 2 s. timg: from exec to its exit, --grid=4x3 on the same number
# of files masonry's first screen showed (the same files), in the same terminal, forced to
# the same protocol. One JSON line per terminal and round; `ratio` is masonry over timg
# (target ≤ 1).
set -u
masonry=$1; folder=$2; rounds=${3:-3}
work=$(mktemp -d); trap 'rm -rf "$work"; kill $(jobs -p) 2>/dev/null' EXIT
display=:$((70 + $$ % 20))
Xvfb $display -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
for i in $(seq 100); do DISPLAY=$display xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
export DISPLAY=$display
now() { date +%s%N; }

start_terminal() { # terminal command...
  local terminal=$1; shift
  case $terminal in
    kitty) LIBGL_ALWAYS_SOFTWARE=1 kitty --config NONE -o font_family='DejaVu Sans Mono' \
      -o font_size=11 -o initial_window_width=1080 -o initial_window_height=720 \
      -o remember_window_size=no -T PX "$@" >/dev/null 2>&1 & ;;
    xterm) xterm -T PX -ti vt340 -xrm 'XTerm*decTerminalID: vt340' \
      -xrm 'XTerm*numColorRegisters: 256' -geometry 120x38+0+0 -fa 'DejaVu Sans Mono' -fs 11 \
      -e "$@" >/dev/null 2>&1 & ;;
  esac
  echo $!
}

for terminal in ${TERMINALS:-kitty xterm}; do
  protocol=$([ $terminal = kitty ] && echo kitty || echo sixel)
  for round in $(seq "$rounds"); do
    log=$work/log-$terminal-$round
    cat > "$work/run-masonry" <<SCRIPT
#!/bin/sh
date +%s%N > $work/start.new && mv $work/start.new $work/start
MASONRY_PICTURE_LOG=$log exec $masonry --no-cache $folder
SCRIPT
    chmod +x "$work/run-masonry"
    # Each round's own start time (written whole, then renamed: never read half written).
    rm -f "$work/start" "$log"
    pid=$(start_terminal $terminal "$work/run-masonry")
    # The log's last change, once it has been quiet for 2 s (at most 30 s).
    # Until the program has started, then until its log has been quiet for 2 s.
    for i in $(seq 1000); do [ -s $work/start ] && break; sleep 0.01; done
    last=0; quiet_since=$(now); size=-1
    while [ $(( ($(now) - quiet_since) / 1000000 )) -lt 2000 ]; do
      new=$(stat -c %s "$log" 2>/dev/null || echo -1)
      if [ "$new" != "$size" ]; then size=$new; last=$(now); quiet_since=$last; fi
      sleep 0.005
      [ $(( ($(now) - $(cat $work/start 2>/dev/null || now)) / 1000000 )) -gt 30000 ] && break
    done
    if [ ! -s "$work/start" ] || [ ! -s "$log" ]; then
      kill $pid 2>/dev/null; wait $pid 2>/dev/null
      echo "{\"name\":\"pixels_real.$terminal\",\"round\":$round,\"skipped\":\"masonry drew no picture\"}"
      continue
    fi
    masonry_ms=$(( (last - $(cat $work/start)) / 1000000 ))
    frame=$(tail -1 "$log" | sed 's/.*"frame":\([0-9]*\).*/\1/')
    files=$(grep "\"frame\":$frame," "$log" | sed 's/.*"path":"\([^"]*\)".*/\1/')
    count=$(echo "$files" | grep -c .)
    kill $pid 2>/dev/null; wait $pid 2>/dev/null
    # timg on the same files, in the same terminal, to its exit.
    cat > "$work/run-timg" <<SCRIPT
#!/bin/sh
date +%s%N > $work/timg-start.new && mv $work/timg-start.new $work/timg-start
timg -p$([ $protocol = kitty ] && echo k || echo s) --grid=4x3 $(echo $files | tr '\n' ' ')
date +%s%N > $work/timg-end.new && mv $work/timg-end.new $work/timg-end
sleep 30
SCRIPT
    chmod +x "$work/run-timg"; rm -f "$work/timg-end" "$work/timg-start"
    pid=$(start_terminal $terminal "$work/run-timg")
    for i in $(seq 3000); do [ -s "$work/timg-end" ] && break; sleep 0.01; done
    kill $pid 2>/dev/null; wait $pid 2>/dev/null
    if [ ! -s "$work/timg-end" ] || [ ! -s "$work/timg-start" ]; then
      echo "{\"name\":\"pixels_real.$terminal\",\"round\":$round,\"skipped\":\"timg did not finish\"}"
      continue
    fi
    timg_ms=$(( ($(cat $work/timg-end) - $(cat $work/timg-start)) / 1000000 ))
    echo "{\"name\":\"pixels_real.$terminal\",\"round\":$round,\"pictures\":$count,\"masonry_ms\":$masonry_ms,\"timg_ms\":$timg_ms,\"ratio\":$(echo "scale=2; $masonry_ms / $timg_ms" | bc)}"
  done
done
