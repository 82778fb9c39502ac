import CThreadSupport

/// How the process's allocator keeps large blocks, set once at start by the executables.
///
/// A load allocates and frees blocks of megabytes all the time (each piece's bytes, the
/// arrays a chunk grows, line-count tables). glibc by default raises its mmap threshold to
/// the largest block freed so far, after which such blocks come from its heap, and freed
/// ones stay resident between the live ones: 15–25 MB more at the peak of the real 1M
/// feed (`masonry-bench feed`: 296–314 MB against 279–281 MB with a fixed threshold of
/// 1 MB). A fixed threshold gives each block of 1 MB or more its own mapping, returned to
/// the system when freed.
package enum AllocationPolicy {
  /// Blocks of this many bytes or more are mapped on their own.
  package static let mmapThreshold: Int32 = 1 << 20

  /// Applies the policy to the whole process (every thread's allocations).
  package static func apply() {
    _ = masonry_set_mmap_threshold(mmapThreshold)
  }
}
