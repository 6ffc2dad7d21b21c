// The one C function bento needs that Swift's Glibc module does not bring:
// mallopt(3), from <malloc.h>. A static executable has no dynamic symbol
// table to look it up in at run time, so it is linked here.
#ifndef BENTO_CHEAP_H
#define BENTO_CHEAP_H

/// Asks the C heap to grow `bytes` at a time (M_TOP_PAD); 0 where the C
/// library has no such setting (Darwin), else mallopt's result (1: done).
int bento_set_heap_step(int bytes);

#endif
