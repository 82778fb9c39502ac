import MasonryCommands

#if canImport(Glibc)
  import Glibc
#endif

// The executable is a thin shell: everything it does lives in MasonryCommands.
var output = StandardOutput()
var environment: [String: String] = [:]
if getenv("NO_COLOR") != nil { environment["NO_COLOR"] = "1" }
exit(
  MasonryCommand.main(
    Array(CommandLine.arguments.dropFirst()), environment: environment, output: &output))
