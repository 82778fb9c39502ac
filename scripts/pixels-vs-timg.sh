#!/bin/bash
# Time from start to the last picture of the first screen, masonry against timg, in real
# terminals under Xvfb (kitty: graphics; xterm -ti vt340: sixel), on a folder of 1,000
# photographs (masonry-bench makes it): `make bench PART=pixels-real`.
#
#   scripts/pixels-vs-timg.sh MASONRY FOLDER [ROUNDS]
#
# Each program starts in a terminal that is already up (as a user starts it: the
# terminal's own start-up, seconds of Python in kitty, is no part of either time): the
# terminal runs a script that waits for a go, and the clock starts when it execs.
# masonry: from exec to the last change of its picture log (MASONRY_PICTURE_LOG), once the
# log has been quiet for 2 s. timg: from exec to its exit, --grid=4x3 on the same number
# of files masonry's first screen showed (the same files; a video's first frame alone,
# --frames=1, where it would play it), in the same terminal, forced to
# the same protocol where it has it (Debian's timg 1.4.5 has no sixel: in xterm it draws
# quarter blocks, which `timg_draws` says; then `chafa_sixel_ms` times chafa's sixels of
# the same files, a pixel anchor). One JSON line per terminal and round; `ratio` is
# masonry over timg (target ≤ 1).
set -u
masonry=$1; folder=$2; rounds=${3:-3}
work=$(mktemp -d); trap 'rm -rf "$work"; kill $(jobs -p) 2>/dev/null' EXIT
display=:$((70 + $$ % 20))
Xvfb $display -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
for i in $(seq 100); do DISPLAY=$display xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
export DISPLAY=$display
# Waiting must not cost the terminals CPU (two cores: masonry's workers, the terminal and
# this loop share them): builtins only, no process a poll. `read -t` on a pipe this shell
# holds both ends of sleeps; EPOCHREALTIME is the clock (microseconds, as `date +%s%N`).
exec {tick}<> <(:)
pause() { read -t "$1" -u "$tick" _ || true; }
now_ns() { now=${EPOCHREALTIME/./}000; }
# timg's pixels in this terminal: what it draws when asked for sixel.
timg_sixel=$(timg --help 2>&1 | grep -q "'s' *= *sixel" && echo sixel || echo "quarter blocks")

# A script for the terminal: says it is ready, waits for the go, writes the start time
# (whole, then renamed: never read half written) and runs its command.
waiting_script() { # file command...
  local file=$1; shift
  cat > "$file" <<SCRIPT
#!/bin/bash
exec {tick}<> <(:)
: > $work/ready
until [ -e $work/go ]; do read -t 0.01 -u \$tick _; done
date +%s%N > $work/start.new && mv $work/start.new $work/start
$*
SCRIPT
  chmod +x "$file"
}

# Starts `terminal` on `script` and gives the go once the terminal has settled.
run_in_terminal() { # terminal script
  rm -f "$work/ready" "$work/go" "$work/start"
  pid=$(start_terminal "$1" "$2")
  for i in $(seq 3000); do [ -e "$work/ready" ] && break; pause 0.01; done
  pause 1.5
  : > "$work/go"
}

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
    waiting_script "$work/run-masonry" MASONRY_PICTURE_LOG=$log exec $masonry --no-cache $folder
    rm -f "$log"
    run_in_terminal $terminal "$work/run-masonry"
    # Until the program has started, then until its log has been quiet for 2 s (at most
    # 30 s): the time of its last change.
    for i in $(seq 1000); do [ -s $work/start ] && break; pause 0.01; done
    now_ns; last=0; quiet_since=$now; began=$now; size=-1
    while (( (now - quiet_since) / 1000000 < 2000 && (now - began) / 1000000 < 30000 )); do
      # The log only grows (a line per picture per frame): its line count is its change.
      lines=(); [ -e "$log" ] && mapfile -t lines < "$log"
      now_ns
      if [ ${#lines[@]} != "$size" ]; then size=${#lines[@]}; last=$now; quiet_since=$now; fi
      pause 0.005
      now_ns
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
    waiting_script "$work/run-timg" \
      timg -p$([ $protocol = kitty ] && echo k || echo s) --grid=4x3 --frames=1 $(echo $files | tr '\n' ' ') \; \
      date +%s%N \> $work/timg-end.new \&\& mv $work/timg-end.new $work/timg-end \; sleep 30
    rm -f "$work/timg-end"
    run_in_terminal $terminal "$work/run-timg"
    for i in $(seq 3000); do [ -s "$work/timg-end" ] && break; pause 0.01; done
    kill $pid 2>/dev/null; wait $pid 2>/dev/null
    if [ ! -s "$work/timg-end" ] || [ ! -s "$work/start" ]; then
      echo "{\"name\":\"pixels_real.$terminal\",\"round\":$round,\"skipped\":\"timg did not finish\"}"
      continue
    fi
    timg_ms=$(( ($(cat $work/timg-end) - $(cat $work/start)) / 1000000 ))
    draws=$([ $protocol = kitty ] && echo kitty || echo "$timg_sixel")
    # Where timg draws no sixel, a tool that does: chafa (no grid in 1.12: the twelve one
    # after another, 30×12 cells each, as timg's grid cells are), to its exit.
    chafa_ms=null
    if [ $protocol = sixel ] && [ "$timg_sixel" != sixel ]; then
      waiting_script "$work/run-chafa" \
        chafa -f sixels --size 30x12 $(echo $files | tr '\n' ' ') \; \
        date +%s%N \> $work/timg-end.new \&\& mv $work/timg-end.new $work/timg-end \; sleep 30
      rm -f "$work/timg-end"
      run_in_terminal $terminal "$work/run-chafa"
      for i in $(seq 3000); do [ -s "$work/timg-end" ] && break; pause 0.01; done
      kill $pid 2>/dev/null; wait $pid 2>/dev/null
      [ -s "$work/timg-end" ] && chafa_ms=$(( ($(cat $work/timg-end) - $(cat $work/start)) / 1000000 ))
    fi
    # A JSON number (bc alone writes .72), or null when either time is missing.
    ratio=null
    if [[ $masonry_ms =~ ^[0-9]+$ && $timg_ms =~ ^[1-9][0-9]*$ ]]; then
      ratio=$(printf '%.2f' "$(echo "scale=4; $masonry_ms / $timg_ms" | bc)")
    fi
    echo "{\"name\":\"pixels_real.$terminal\",\"round\":$round,\"pictures\":$count,\"masonry_ms\":$masonry_ms,\"timg_ms\":$timg_ms,\"timg_draws\":\"$draws\",\"chafa_sixel_ms\":$chafa_ms,\"ratio\":$ratio}"
  done
done
