#if canImport(Glibc)
  import Glibc
#endif

/// The cores the machine has online: how many threads reading, parsing and measuring
/// cards use.
package enum Cores {
  package static var online: Int {
    #if canImport(Glibc)
      return Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    #else
      return 2
    #endif
  }
}
