#!/bin/sh
# Prints every failed test's message from swift-testing's xunit report, after a failing
# `swift test`. swift-testing 6.3.1 prints no "recorded an issue" line for an issue whose
# text holds multibyte UTF-8 past about 4 KB — a captured screen of box drawing and kana,
# in a message or an expanded expression — though it counts the failure; the report keeps
# every message. Entities decoded, control characters shown as `?` (a message may quote
# terminal output), one failure a paragraph.
set -eu
report=${1:-.build/test-report-swift-testing.xml}
if [ ! -f "$report" ]; then
  echo "test-failures: no report at $report" >&2
  exit 0
fi
echo "Failures, from $report:"
perl -CSD -0777 -ne '
  while (/<testcase classname="([^"]*)" name="([^"]*)"[^>]*?(?:\/>|>(.*?)<\/testcase>)/gs) {
    my ($class, $name, $failures) = ($1, $2, $3 // "");
    while ($failures =~ /<failure message="([^"]*)"/g) {
      my $text = $1;
      for ($class, $name, $text) {
        s/&#(\d+);/chr($1)/ge; s/&#x([0-9a-fA-F]+);/chr(hex $1)/ge;
        s/&quot;/"/g; s/&apos;/\x27/g; s/&lt;/</g; s/&gt;/>/g; s/&amp;/&/g;
        s/[\x00-\x09\x0b-\x1f\x7f-\x9f]/?/g;
      }
      print "\n$class.$name:\n$text\n";
    }
  }' "$report"
