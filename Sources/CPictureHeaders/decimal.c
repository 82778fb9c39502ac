#include "header_formats.h"

int masonry_read_decimal(const uint8_t *bytes, size_t length, size_t *at, double *number,
                         int exponents) {
  size_t index = *at;
  double sign = 1;
  if (index < length && (bytes[index] == '-' || bytes[index] == '+')) {
    sign = bytes[index] == '-' ? -1 : 1;
    index++;
  }
  double value = 0;
  int digits = 0;
  for (; index < length && bytes[index] >= '0' && bytes[index] <= '9'; index++, digits++) {
    value = value * 10 + (bytes[index] - '0');
  }
  if (index < length && bytes[index] == '.') {
    double scale = 0.1;
    for (index++; index < length && bytes[index] >= '0' && bytes[index] <= '9'; index++) {
      value += (bytes[index] - '0') * scale;
      scale *= 0.1;
      digits++;
    }
  }
  if (digits == 0) {
    return 0;
  }
  // An exponent only when digits follow ("1em" and "1ex" are units, not exponents).
  if (exponents && index + 1 < length && (bytes[index] == 'e' || bytes[index] == 'E')) {
    size_t exponent_at = index + 1;
    int exponent_sign = 1;
    if (bytes[exponent_at] == '-' || bytes[exponent_at] == '+') {
      exponent_sign = bytes[exponent_at] == '-' ? -1 : 1;
      exponent_at++;
    }
    if (exponent_at < length && bytes[exponent_at] >= '0' && bytes[exponent_at] <= '9') {
      int exponent = 0;
      for (; exponent_at < length && bytes[exponent_at] >= '0' && bytes[exponent_at] <= '9';
           exponent_at++) {
        if (exponent < 1000) {  // beyond any double: stop counting, keep consuming
          exponent = exponent * 10 + (bytes[exponent_at] - '0');
        }
      }
      for (int step = 0; step < exponent && step < 400; step++) {
        value = exponent_sign > 0 ? value * 10 : value / 10;
      }
      index = exponent_at;
    }
  }
  *at = index;
  // Far beyond any picture, and never infinite (so later products stay finite).
  *number = sign * (value > 1e15 ? 1e15 : value);
  return 1;
}
