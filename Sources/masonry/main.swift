import MasonryCommands

#if canImport(Glibc)
  import Glibc
#endif

// The executable is a thin shell: everything it does lives in MasonryCommands.
var output = StandardOutput()
exit(MasonryCommand.main(Array(CommandLine.arguments.dropFirst()), output: &output))
