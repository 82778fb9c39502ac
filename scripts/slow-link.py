#!/usr/bin/env python3
"""slow-link.py RATE LATENCY_MS LOG -- PROGRAM...: PROGRAM in a pseudo-terminal whose output
reaches this one LATENCY ms later and at most RATE bytes a second (at most 64 KB wait in
the link: beyond that the relay stops reading, and PROGRAM's writes wait, as behind a full
TCP window); keys reach PROGRAM LATENCY ms later. LOG gets `time bytes` for each piece let
through. For the slow-link tests and the benchmark's link part."""
import os, sys, pty, select, fcntl, termios, time, collections
rate, latency, log = float(sys.argv[1]), float(sys.argv[2]) / 1000, open(sys.argv[3], "a")
pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[5], sys.argv[5:])
fcntl.ioctl(fd, termios.TIOCSWINSZ, fcntl.ioctl(0, termios.TIOCGWINSZ, b"\0" * 8))
import tty
tty.setraw(0)
down, up, queued = collections.deque(), collections.deque(), 0
credit, last, child = 0.0, time.monotonic(), True
while child or down:
    now = time.monotonic()
    waits = [t - now for t, _ in list(down)[:1] + list(up)[:1]]
    if down and down[0][0] <= now and credit < 1:
        waits.append((1 - credit) / rate)
    readers = [0] + ([fd] if child and queued < 65536 else [])
    ready, _, _ = select.select(readers, [], [], max(0.0, min(waits)) if waits else None)
    now = time.monotonic()
    if 0 in ready:
        data = os.read(0, 4096)
        if not data:
            break
        up.append((now + latency, data))
    if fd in ready:
        try:
            data = os.read(fd, 16384)
        except OSError:
            data = b""
        if not data:
            child = False
        else:
            down.append((now + latency, data))
            queued += len(data)
    while up and up[0][0] <= now:
        os.write(fd, up.popleft()[1])
    credit = min(max(1024.0, rate / 100), credit + (now - last) * rate)
    last = now
    while down and down[0][0] <= now and credit >= 1:
        due, data = down.popleft()
        count = min(len(data), int(credit))
        os.write(1, data[:count])
        queued -= count
        credit -= count
        log.write("%.3f %d\n" % (time.time(), count))
        log.flush()
        if count < len(data):
            down.appendleft((due, data[count:]))
            break
os.waitpid(pid, 0)
