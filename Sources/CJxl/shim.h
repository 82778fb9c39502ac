// libjxl (JPEG XL) and its thread runner for the decoder helper alone.
#include <jxl/decode.h>
#include <jxl/resizable_parallel_runner.h>
